import { REDIRECT_RULES_MAX } from "@common/contract/shortened-urls";
import { SwitchRow } from "@web/components/ui/switch-row";
import { ArrowDown, ArrowUp, ChevronRight, Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { inputClassFor, sectionSummaryClass } from "./form-styles";

export type RuleType = "device" | "country" | "language";
export type RuleRow = { key: number; type: RuleType; value: string; url: string };

export type AdvancedValues = {
  rules: RuleRow[];
  click_limit: string;
  expired_url: string;
  password: string;
  remove_password: boolean;
  open_in_app: boolean;
};

export const EMPTY_ADVANCED: AdvancedValues = {
  rules: [],
  click_limit: "",
  expired_url: "",
  password: "",
  remove_password: false,
  open_in_app: true,
};

const RULE_TYPES: { value: RuleType; label: string }[] = [
  { value: "device", label: "Dispositivo" },
  { value: "country", label: "País" },
  { value: "language", label: "Idioma" },
];
const DEVICES = [
  { value: "ios", label: "iOS" },
  { value: "android", label: "Android" },
  { value: "desktop", label: "Computador" },
];
const VALUE_PLACEHOLDER: Record<RuleType, string> = { device: "", country: "BR", language: "pt" };

let nextKey = 1;
export const newRuleRow = (rule?: Omit<RuleRow, "key">): RuleRow => ({
  key: nextKey++,
  ...(rule ?? { type: "device", value: "ios", url: "" }),
});

const smallButton =
  "inline-flex items-center justify-center rounded-md p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-30 disabled:hover:bg-transparent";

/**
 * 'Opções avançadas': "Abrir no app", redirect rules (first match wins, in order), a click limit, an
 * expiry target and a password. `error(name)` is the message of a field path, as the API keys them
 * (rules.0.url).
 */
export function AdvancedOptions({
  values,
  onChange,
  error,
  hasPassword,
  defaultOpen,
}: {
  values: AdvancedValues;
  onChange: (next: Partial<AdvancedValues>) => void;
  error: (name: string) => string | undefined;
  /** Editing a link that has a password: it can be kept, replaced or removed. */
  hasPassword: boolean;
  defaultOpen: boolean;
}) {
  const id = useId();
  const { rules } = values;
  const setRule = (index: number, patch: Partial<RuleRow>) =>
    onChange({ rules: rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)) });
  const move = (index: number, by: -1 | 1) => {
    const next = [...rules];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange({ rules: next });
  };
  const message = (name: string) => {
    const text = error(name);
    return text ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-600">
        {text}
      </p>
    ) : null;
  };
  const aria = (name: string) => ({
    "aria-invalid": Boolean(error(name)),
    "aria-describedby": error(name) ? `${id}-${name}-error` : undefined,
  });

  return (
    <details className="group mt-4 rounded-lg border border-gray-200 px-3 py-2" open={defaultOpen}>
      <summary className={sectionSummaryClass}>
        <ChevronRight className="h-4 w-4 transition-transform group-open:rotate-90" aria-hidden />
        Opções avançadas
        <span className="hidden font-normal text-gray-500 sm:inline">
          (abrir no app, regras, limite de cliques, senha)
        </span>
      </summary>

      <div className="border-b border-gray-100">
        <SwitchRow
          label="Abrir no app"
          hint="Quem abrir pelo Instagram, TikTok e outros apps vai direto para o app do link (YouTube, Spotify, WhatsApp…) ou para o navegador do celular."
          checked={values.open_in_app}
          onChange={(open_in_app) => onChange({ open_in_app })}
          error={error("open_in_app")}
        />
      </div>

      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-gray-700">Regras de redirecionamento</legend>
        <p className="text-xs text-gray-500">
          Verificadas em ordem; a primeira que combinar com o visitante decide o destino.
        </p>
        {message("rules")}
        <ol className="mt-2 space-y-3">
          {rules.map((rule, index) => {
            const n = index + 1;
            return (
              <li
                key={rule.key}
                className="grid gap-2 rounded-lg bg-gray-50 p-3 sm:grid-cols-[9rem_9rem_1fr_auto] sm:items-start"
                aria-label={`Regra ${n}`}
              >
                <div>
                  <label
                    htmlFor={`${id}-rule-${rule.key}-type`}
                    className="text-xs font-medium text-gray-600"
                  >
                    Tipo da regra {n}
                  </label>
                  <select
                    id={`${id}-rule-${rule.key}-type`}
                    value={rule.type}
                    onChange={(event) => {
                      const type = event.target.value as RuleType;
                      setRule(index, { type, value: type === "device" ? "ios" : "" });
                    }}
                    className={inputClassFor(false)}
                  >
                    {RULE_TYPES.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label
                    htmlFor={`${id}-rule-${rule.key}-value`}
                    className="text-xs font-medium text-gray-600"
                  >
                    Valor da regra {n}
                  </label>
                  {rule.type === "device" ? (
                    <select
                      id={`${id}-rule-${rule.key}-value`}
                      value={rule.value}
                      onChange={(event) => setRule(index, { value: event.target.value })}
                      {...aria(`rules.${index}.value`)}
                      className={inputClassFor(Boolean(error(`rules.${index}.value`)))}
                    >
                      {DEVICES.map((d) => (
                        <option key={d.value} value={d.value}>
                          {d.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={`${id}-rule-${rule.key}-value`}
                      type="text"
                      autoComplete="off"
                      spellCheck={false}
                      placeholder={VALUE_PLACEHOLDER[rule.type]}
                      value={rule.value}
                      onChange={(event) => setRule(index, { value: event.target.value })}
                      {...aria(`rules.${index}.value`)}
                      className={inputClassFor(Boolean(error(`rules.${index}.value`)))}
                    />
                  )}
                  {message(`rules.${index}.value`)}
                </div>
                <div className="min-w-0">
                  <label htmlFor={`${id}-rule-${rule.key}-url`} className="text-xs font-medium text-gray-600">
                    Destino da regra {n}
                  </label>
                  <input
                    id={`${id}-rule-${rule.key}-url`}
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    placeholder="https://exemplo.com.br/app"
                    value={rule.url}
                    onChange={(event) => setRule(index, { url: event.target.value })}
                    {...aria(`rules.${index}.url`)}
                    className={inputClassFor(Boolean(error(`rules.${index}.url`)))}
                  />
                  {message(`rules.${index}.url`)}
                </div>
                <div className="flex items-center gap-0.5 sm:mt-6">
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => move(index, -1)}
                    disabled={index === 0}
                    aria-label={`Subir regra ${n}`}
                    title="Subir"
                  >
                    <ArrowUp className="h-4 w-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => move(index, 1)}
                    disabled={index === rules.length - 1}
                    aria-label={`Descer regra ${n}`}
                    title="Descer"
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={`${smallButton} hover:bg-red-50 hover:text-red-600`}
                    onClick={() => onChange({ rules: rules.filter((_, i) => i !== index) })}
                    aria-label={`Remover regra ${n}`}
                    title="Remover"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          onClick={() => onChange({ rules: [...rules, newRuleRow()] })}
          disabled={rules.length >= REDIRECT_RULES_MAX}
          className="mt-2 inline-flex items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
        >
          <Plus className="h-4 w-4" aria-hidden />
          Adicionar regra
        </button>
      </fieldset>

      <div className="mt-4 grid gap-4 pb-2 md:grid-cols-2">
        <div>
          <label htmlFor={`${id}-click-limit`} className="text-sm font-medium text-gray-700">
            Limite de cliques <span className="font-normal text-gray-500">(opcional)</span>
          </label>
          <input
            id={`${id}-click-limit`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="Sem limite"
            value={values.click_limit}
            onChange={(event) => onChange({ click_limit: event.target.value })}
            {...aria("click_limit")}
            className={inputClassFor(Boolean(error("click_limit")))}
          />
          {message("click_limit")}
        </div>
        <div>
          <label htmlFor={`${id}-expired-url`} className="text-sm font-medium text-gray-700">
            Destino após expirar <span className="font-normal text-gray-500">(opcional)</span>
          </label>
          <input
            id={`${id}-expired-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://exemplo.com.br/promocao-encerrada"
            value={values.expired_url}
            onChange={(event) => onChange({ expired_url: event.target.value })}
            {...aria("expired_url")}
            className={inputClassFor(Boolean(error("expired_url")))}
          />
          {message("expired_url")}
        </div>
        <div className="md:col-span-2">
          <label htmlFor={`${id}-password`} className="text-sm font-medium text-gray-700">
            Senha do link <span className="font-normal text-gray-500">(opcional)</span>
          </label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            placeholder={hasPassword ? "Deixe em branco para manter a senha atual" : "Sem senha"}
            value={values.password}
            disabled={values.remove_password}
            onChange={(event) => onChange({ password: event.target.value })}
            {...aria("password")}
            className={inputClassFor(Boolean(error("password")))}
          />
          {message("password")}
          {hasPassword && (
            <label className="mt-2 inline-flex items-center gap-2 text-sm text-gray-700">
              <input
                type="checkbox"
                checked={values.remove_password}
                onChange={(event) => onChange({ remove_password: event.target.checked, password: "" })}
                className="h-4 w-4 rounded border-gray-300 text-brand-600"
              />
              Remover senha
            </label>
          )}
        </div>
      </div>
    </details>
  );
}
