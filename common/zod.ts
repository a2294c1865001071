// The one zod import of the project: server and web get pt-BR messages for any rule that does not
// carry its own text.
import { z } from "zod";

// NOTE: zod's own pt-BR locale names JavaScript's types ('recebeu um valor "undefined"', "objeto",
// "NaN"); a person reads these messages, so they say what to send instead, in plain words.
const KIND: Record<string, string> = {
  string: "um texto",
  number: "um número",
  int: "um número inteiro",
  bigint: "um número inteiro",
  boolean: "verdadeiro ou falso",
  date: "uma data",
  array: "uma lista",
  tuple: "uma lista",
  set: "uma lista",
  object: "um grupo de campos",
  record: "um grupo de campos",
  map: "um grupo de campos",
  file: "um arquivo",
};

const FORMAT: Record<string, string> = {
  email: "Email inválido.",
  url: "URL inválida.",
  datetime: "Data e hora inválidas.",
  date: "Data inválida.",
  time: "Hora inválida.",
  duration: "Duração inválida.",
  json_string: "Texto JSON inválido.",
};

const amount = (value: number | bigint) => value.toLocaleString("pt-BR");

/** The pt-BR text of a zod issue that has no message of its own. */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return "Campo obrigatório.";
      return `Valor inválido: informe ${KIND[issue.expected] ?? "um valor válido"}.`;
    case "invalid_value":
      return issue.values.length > 1
        ? `Opção inválida: use uma destas: ${issue.values.map(String).join(", ")}.`
        : "Valor inválido.";
    case "too_big": {
      const limit = amount(issue.maximum);
      if (issue.origin === "string") return `Use no máximo ${limit} caracteres.`;
      if (issue.origin === "array" || issue.origin === "set") return `Use no máximo ${limit} itens.`;
      if (issue.origin === "file") return `O arquivo deve ter no máximo ${limit} bytes.`;
      if (issue.origin === "date") return "Data muito distante.";
      return issue.inclusive === false
        ? `O valor deve ser menor que ${limit}.`
        : `O valor máximo é ${limit}.`;
    }
    case "too_small": {
      const limit = amount(issue.minimum);
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 ? "Campo obrigatório." : `Use pelo menos ${limit} caracteres.`;
      if (issue.origin === "array" || issue.origin === "set")
        return Number(issue.minimum) <= 1
          ? "Informe pelo menos um item."
          : `Informe pelo menos ${limit} itens.`;
      if (issue.origin === "date") return "Data muito antiga.";
      return issue.inclusive === false
        ? `O valor deve ser maior que ${limit}.`
        : `O valor mínimo é ${limit}.`;
    }
    case "invalid_format":
      return FORMAT[issue.format] ?? "Formato inválido.";
    case "not_multiple_of":
      return `O valor deve ser múltiplo de ${amount(issue.divisor)}.`;
    case "unrecognized_keys":
      return issue.keys.length > 1
        ? `Campos não reconhecidos: ${issue.keys.join(", ")}.`
        : `Campo não reconhecido: ${issue.keys.join("")}.`;
    case "invalid_element":
      return "A lista tem um item inválido.";
    default:
      return "Valor inválido.";
  }
}

z.config({ localeError: issueMessage });
// In the browser, no generated code: our CSP (script-src 'self') forbids eval, and zod's probe for
// it (`new Function("")`) is a CSP violation on every page. The server keeps zod's fast path.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
