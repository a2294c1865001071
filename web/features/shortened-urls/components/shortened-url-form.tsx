import {
  POWER_LINK_MESSAGES,
  SHORT_URL_MESSAGES,
  type ShortenedUrl,
  shortenedUrlBodySchema,
  shortenedUrlUpdateSchema,
} from "@common/contract/shortened-urls";
import type { z } from "@common/zod";
import { FormError } from "@web/components/ui/notice";
import { isPlanLimitError, PlanLimitNotice } from "@web/components/ui/plan-limit-notice";
import { errorMessage } from "@web/lib/api-client";
import { FALLBACK_DOMAIN_ID, useAvailableDomains } from "@web/lib/available-domains";
import { copyToClipboard } from "@web/lib/clipboard";
import { serverFieldErrors } from "@web/lib/form-errors";
import { useContractForm } from "@web/lib/use-contract-form";
import { Link2, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useCreateShortenedUrl } from "../api/use-create-shortened-url";
import { useUpdateShortenedUrl } from "../api/use-update-shortened-url";
import { applyUtm, EMPTY_UTM, hasUtm, readUtm, UTM_KEYS, type UtmKey, type UtmValues } from "../utm";
import { AdvancedOptions, type AdvancedValues, EMPTY_ADVANCED, newRuleRow } from "./advanced-options";
import { inputClassFor } from "./form-styles";
import { shortUrlOf } from "./short-link";
import { UtmFields } from "./utm-fields";

type Field = "original_url" | "title" | "custom_code" | "expires_at" | "custom_domain_id";
/** The fields always on screen: an error on one of them is said there, and only there. */
const MAIN_FIELDS: Field[] = ["original_url", "title", "custom_code", "expires_at", "custom_domain_id"];
const EMPTY = { original_url: "", title: "", custom_code: "", expires_at: "" };
type Values = typeof EMPTY;

/** A datetime-local value ("2026-11-30T10:00", the browser's zone) as an ISO instant. */
function localToIso(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** An ISO instant as a datetime-local value in the browser's zone. */
function isoToLocal(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const valuesOf = (url: ShortenedUrl | undefined): Values =>
  url
    ? {
        original_url: url.original_url,
        title: url.title ?? "",
        custom_code: url.short_code,
        expires_at: isoToLocal(url.expires_at),
      }
    : EMPTY;

const advancedOf = (url: ShortenedUrl | undefined): AdvancedValues =>
  url
    ? {
        rules: url.rules.map((rule) => newRuleRow(rule)),
        click_limit: url.click_limit === null ? "" : String(url.click_limit),
        expired_url: url.expired_url ?? "",
        password: "",
        remove_password: false,
        open_in_app: url.open_in_app,
      }
    : EMPTY_ADVANCED;

/** The click limit as typed: "" is none, anything else a number the schema checks. */
const clickLimitOf = (text: string) => (text.trim() === "" ? null : Number(text));

type Props = {
  /** A link to edit (PUT): the form starts from it, keeps its domain and says it was updated. */
  editing?: ShortenedUrl;
  onSaved?: (saved: ShortenedUrl) => void;
};

/** The shortener's form (create, or edit a link): validated with the API's own schema before it is sent. */
export function ShortenedUrlForm({ editing, onSaved }: Props = {}) {
  const id = useId();
  const domains = useAvailableDomains();
  const create = useCreateShortenedUrl();
  const update = useUpdateShortenedUrl(editing?.id ?? 0);
  const [utm, setUtm] = useState<UtmValues>(() => (editing ? readUtm(editing.original_url) : EMPTY_UTM));
  const [advanced, setAdvanced] = useState<AdvancedValues>(() => advancedOf(editing));
  const [chosenDomainId, setChosenDomainId] = useState<number | null>(editing?.custom_domain_id ?? null);
  /** The code of a link somebody already clicked is fixed (the API says codeLocked). */
  const codeLocked = Boolean(editing && (editing.click_count > 0 || editing.limit_used > 0));
  const form = useContractForm({
    schema: editing ? shortenedUrlUpdateSchema : shortenedUrlBodySchema,
    initialValues: () => valuesOf(editing),
    toBody: (values) => (editing ? updateBody(editing, values) : createBody(values)),
    onSubmit: async (body) => {
      if (editing) {
        const saved = await update.mutateAsync(body as z.output<typeof shortenedUrlUpdateSchema>);
        toast.success(POWER_LINK_MESSAGES.updated);
        onSaved?.(saved);
        return;
      }
      const created = await create.mutateAsync(body as z.output<typeof shortenedUrlBodySchema>);
      const shortUrl = shortUrlOf(created, domains);
      form.reset();
      setUtm(EMPTY_UTM);
      setAdvanced(EMPTY_ADVANCED);
      const copied = await copyToClipboard(shortUrl);
      toast.success(copied ? "URL encurtada e copiada!" : "URL encurtada!", { description: shortUrl });
      onSaved?.(created);
    },
    // A refusal of one main field (a code already taken) shows under that field, not twice.
    describeError: (failure) =>
      MAIN_FIELDS.some((field) => serverFieldErrors(failure)[field])
        ? ""
        : errorMessage(
            failure,
            editing ? POWER_LINK_MESSAGES.updateFailed : SHORT_URL_MESSAGES.shortenFailed,
          ),
  });
  const { values, error } = form;
  const limitError = isPlanLimitError(form.submitError) ? form.submitError : null;
  const finalUrl = applyUtm(values.original_url, utm);

  const domain =
    domains?.find((d) => d.id === chosenDomainId) ?? domains?.find((d) => d.is_default) ?? domains?.[0];
  const preview = domain
    ? shortUrlOf({ short_code: values.custom_code.trim(), custom_domain_id: domain.id }, domains)
    : "";

  const set = (name: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    form.field(name).onChange(event);
    // A pasted target brings its utm_* into the builder (fields it does not name are kept).
    if (name === "original_url") {
      const found = readUtm(event.target.value);
      setUtm((u) => {
        const next = { ...u };
        for (const key of UTM_KEYS) if (found[key]) next[key] = found[key];
        return next;
      });
    }
  };
  const setUtmField = (key: UtmKey, value: string) => setUtm((u) => ({ ...u, [key]: value }));
  const setAdvancedValues = (patch: Partial<AdvancedValues>) => setAdvanced((a) => ({ ...a, ...patch }));

  /**
   * The power options as the schemas take them. On create only what is set is sent; on edit all of
   * them (an emptied one clears), except the password: absent keeps it, null removes it. "Abrir no
   * app" is always sent, on or off.
   */
  const powerOptions = (create: boolean) => {
    const rules = advanced.rules.map(({ type, value, url }) => ({ type, value, url }));
    const clickLimit = clickLimitOf(advanced.click_limit);
    return {
      rules: create && rules.length === 0 ? undefined : rules,
      click_limit: create && clickLimit === null ? undefined : clickLimit,
      expired_url: create && !advanced.expired_url ? undefined : advanced.expired_url,
      password: advanced.remove_password ? null : advanced.password || undefined,
      open_in_app: advanced.open_in_app,
    };
  };

  const createBody = (typed: Values) => ({
    ...typed,
    ...powerOptions(true),
    original_url: applyUtm(typed.original_url, utm),
    expires_at: localToIso(typed.expires_at),
    custom_domain_id: domain && domain.id !== FALLBACK_DOMAIN_ID ? domain.id : null,
  });
  // Only what changed of the code and expiry: an already past expiry is not sent back.
  const updateBody = (url: ShortenedUrl, typed: Values) => ({
    ...powerOptions(false),
    original_url: applyUtm(typed.original_url, utm),
    title: typed.title,
    custom_code: typed.custom_code.trim() !== url.short_code ? typed.custom_code : undefined,
    expires_at: typed.expires_at !== isoToLocal(url.expires_at) ? localToIso(typed.expires_at) : undefined,
  });

  const inputClass = (field: Field) => inputClassFor(Boolean(error(field)));
  const describedBy = (field: Field, hint?: string) => (error(field) ? `${id}-${field}-error` : hint);
  const fieldError = (field: Field) =>
    error(field) ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-600">
        {error(field)}
      </p>
    ) : null;

  return (
    <form
      onSubmit={form.handleSubmit}
      noValidate
      className={editing ? "" : "rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"}
      aria-labelledby={`${id}-title`}
    >
      <div className={editing ? "sr-only" : "mb-5 flex items-center gap-3"}>
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Link2 className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
            {editing ? "Editar link curto" : "Encurtar nova URL"}
          </h2>
          <p className="text-sm text-gray-500">Cole um link longo e gere um link curto rastreável.</p>
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <label htmlFor={`${id}-url`} className="text-sm font-medium text-gray-700">
            URL Original <span className="text-red-600">*</span>
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://exemplo.com.br/um-link-muito-longo"
            value={values.original_url}
            onChange={set("original_url")}
            aria-invalid={Boolean(error("original_url"))}
            aria-describedby={describedBy("original_url")}
            className={inputClass("original_url")}
          />
          {fieldError("original_url")}
        </div>

        <div>
          <label htmlFor={`${id}-title-input`} className="text-sm font-medium text-gray-700">
            Título <span className="font-normal text-gray-500">(opcional)</span>
          </label>
          <input
            id={`${id}-title-input`}
            type="text"
            placeholder="Ex.: Promoção de Natal"
            value={values.title}
            onChange={set("title")}
            aria-invalid={Boolean(error("title"))}
            aria-describedby={describedBy("title")}
            className={inputClass("title")}
          />
          {fieldError("title")}
        </div>

        <div>
          <label htmlFor={`${id}-domain`} className="text-sm font-medium text-gray-700">
            Domínio
          </label>
          <select
            id={`${id}-domain`}
            value={domain?.id ?? ""}
            onChange={(event) => setChosenDomainId(Number(event.target.value))}
            disabled={!domains || Boolean(editing)}
            aria-invalid={Boolean(error("custom_domain_id"))}
            aria-describedby={describedBy("custom_domain_id")}
            className={inputClass("custom_domain_id")}
          >
            {!domains && <option value="">Carregando domínios...</option>}
            {domains?.map((d) => (
              <option key={d.id} value={d.id}>
                {d.display_name || d.domain}
                {d.is_default ? " (padrão)" : ""}
              </option>
            ))}
          </select>
          {fieldError("custom_domain_id")}
        </div>

        <div>
          <label htmlFor={`${id}-code`} className="text-sm font-medium text-gray-700">
            Código Personalizado <span className="font-normal text-gray-500">(opcional)</span>
          </label>
          <div
            className={`mt-1 flex rounded-lg border bg-white shadow-xs focus-within:ring-2 ${
              error("custom_code")
                ? "border-red-400 focus-within:ring-red-100"
                : "border-gray-300 focus-within:border-brand-500 focus-within:ring-brand-100"
            }`}
          >
            <span className="flex items-center rounded-l-lg border-r border-gray-200 bg-gray-50 px-3 text-sm text-gray-500">
              /s/
            </span>
            <input
              id={`${id}-code`}
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder="minha-promo"
              value={values.custom_code}
              onChange={set("custom_code")}
              disabled={codeLocked}
              aria-invalid={Boolean(error("custom_code"))}
              aria-describedby={describedBy("custom_code", `${id}-code-hint`)}
              className="block w-full min-w-0 rounded-r-lg px-3 py-2.5 text-sm text-gray-900 placeholder:text-gray-500 focus:outline-none"
            />
          </div>
          {fieldError("custom_code") ?? (
            <p id={`${id}-code-hint`} className="mt-1 text-xs text-gray-500">
              {codeLocked ? POWER_LINK_MESSAGES.codeLocked : SHORT_URL_MESSAGES.codeHint}
            </p>
          )}
        </div>

        <div>
          <label htmlFor={`${id}-expires`} className="text-sm font-medium text-gray-700">
            Expira em <span className="font-normal text-gray-500">(opcional)</span>
          </label>
          <input
            id={`${id}-expires`}
            type="datetime-local"
            value={values.expires_at}
            onChange={set("expires_at")}
            aria-invalid={Boolean(error("expires_at"))}
            aria-describedby={describedBy("expires_at")}
            className={inputClass("expires_at")}
          />
          {fieldError("expires_at")}
        </div>
      </div>

      <UtmFields
        values={utm}
        onChange={setUtmField}
        finalUrl={hasUtm(utm) && finalUrl !== values.original_url.trim() ? finalUrl : null}
        defaultOpen={hasUtm(utm)}
      />

      <AdvancedOptions
        values={advanced}
        onChange={setAdvancedValues}
        error={error}
        hasPassword={Boolean(editing?.has_password)}
        defaultOpen={Boolean(
          editing &&
            (editing.rules.length > 0 ||
              editing.click_limit !== null ||
              editing.expired_url !== null ||
              editing.has_password ||
              !editing.open_in_app),
        )}
      />

      {preview && (
        <p className="mt-4 flex flex-wrap items-center gap-x-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-700">
          <span className="font-medium">Prévia:</span>
          <span className="break-all font-mono" data-testid="short-url-preview">
            {preview}
          </span>
          {!values.custom_code.trim() && (
            <span className="text-brand-600">(código gerado automaticamente)</span>
          )}
        </p>
      )}

      {limitError ? (
        <PlanLimitNotice error={limitError} className="mt-4" />
      ) : (
        form.formError && <FormError className="mt-4">{form.formError}</FormError>
      )}

      <button
        type="submit"
        disabled={form.busy}
        className="mt-5 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {form.busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
        {editing
          ? form.busy
            ? "Salvando..."
            : "Salvar alterações"
          : form.busy
            ? "Encurtando..."
            : "Encurtar URL"}
      </button>
    </form>
  );
}
