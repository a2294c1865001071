// The manager's own words: the confirmations (spec 5), the add outcome with Cloudflare (spec 8) and
// the test statuses. The server's messages live in DOMAIN_MESSAGES (common/contract/domains.ts).
import type { CloudflareAutomation, CustomDomain, DomainTestStatus } from "@common/contract/domains";
import { DOMAIN_MESSAGES } from "@common/contract/domains";

/** The confirmations (spec 5): the title names the domain, the body says what follows. */
export const DOMAIN_CONFIRMS = {
  delete: (name: string) => ({
    title: `Excluir o domínio ${name}?`,
    body: "Ele sai da lista de domínios e dos planos. Esta ação não pode ser desfeita.",
    confirmLabel: "Excluir domínio",
  }),
  setDefault: (name: string) => ({
    title: `Definir ${name} como domínio padrão?`,
    body: "Ele passa a valer para todos os planos e para as novas páginas e links sem domínio escolhido.",
    confirmLabel: "Definir como padrão",
  }),
  activate: (name: string) => ({
    title: `Ativar o domínio ${name}?`,
    body: "Ele passa a responder às páginas e aos links dele.",
    confirmLabel: "Ativar domínio",
  }),
  /** Spec 4: after a save that leaves the domain needing activation. */
  activateNow: (name: string) => ({
    title: `Ativar o domínio ${name} agora?`,
    body: "O domínio foi salvo, mas só responde às páginas e aos links dele depois de ativado.",
    confirmLabel: "Ativar agora",
    cancelLabel: "Depois",
  }),
} as const;

/** Spec 8: what adding a domain says, depending on Cloudflare's automation. */
export function addedMessage(automation: CloudflareAutomation | undefined): {
  tone: "success" | "warning";
  text: string;
} {
  if (automation?.success) {
    return {
      tone: "success",
      text: `${DOMAIN_MESSAGES.added} Ele foi configurado automaticamente; o HTTPS fica pronto em 2 a 10 minutos.`,
    };
  }
  if (automation?.attempted) {
    return {
      tone: "warning",
      text: `Domínio adicionado, mas a configuração automática falhou${
        automation.error ? ` (${automation.error})` : ""
      }. Nossa equipe foi notificada e vai configurá-lo manualmente em até 4 horas úteis.`,
    };
  }
  return { tone: "success", text: DOMAIN_MESSAGES.added };
}

export const TEST_STATUS_LABELS: Record<DomainTestStatus, string> = {
  valid: "Configurado corretamente",
  pending: "Aguardando propagação",
  invalid_configuration: "Configuração inválida",
  conflicting_records: "Registros conflitantes",
  not_found: "Domínio não encontrado no DNS",
};

export const TEST_STATUS_HINTS: Record<DomainTestStatus, string> = {
  valid: "O DNS aponta para o Atalho e o certificado HTTPS é válido.",
  pending: "O DNS já aponta para o Atalho, mas o HTTPS ainda não está pronto. Pode levar de 2 a 10 minutos.",
  invalid_configuration:
    "O domínio existe, mas não aponta para o Atalho. Confira os registros nas instruções.",
  conflicting_records:
    "Há registros que apontam para outro lugar junto com os nossos. Remova os registros A, AAAA ou CNAME antigos.",
  not_found: "Nenhum registro DNS foi encontrado para este nome. A propagação pode levar até 24 horas.",
};

/** The name the administrator reads: the Unicode form of an IDN. */
export const domainName = (domain: Pick<CustomDomain, "domain" | "domain_unicode">) =>
  domain.domain_unicode || domain.domain;

export { plural } from "@web/lib/plural";
