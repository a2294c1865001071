import { SHORT_URL_MESSAGES, shortenedUrlBodySchema } from "@common/contract/shortened-urls";
import { isPlanLimitError, PlanLimitNotice } from "@web/components/ui/plan-limit-notice";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { FALLBACK_DOMAIN_ID, useAvailableDomains } from "@web/lib/available-domains";
import { copyToClipboard } from "@web/lib/clipboard";
import { Link2, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useCreateShortenedUrl } from "../api/use-create-shortened-url";
import { shortUrlOf } from "./short-link";

type Field = "original_url" | "title" | "custom_code" | "expires_at" | "custom_domain_id";
const FIELDS: Field[] = ["original_url", "title", "custom_code", "expires_at", "custom_domain_id"];
const EMPTY = { original_url: "", title: "", custom_code: "", expires_at: "" };

/** A datetime-local value ("2026-11-30T10:00", the browser's zone) as an ISO instant. */
function localToIso(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The shortener's form: validated with the API's own schema before it is sent. */
export function ShortenedUrlForm() {
  const id = useId();
  const domains = useAvailableDomains();
  const create = useCreateShortenedUrl();
  const [values, setValues] = useState(EMPTY);
  const [chosenDomainId, setChosenDomainId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState("");
  const [limitError, setLimitError] = useState<ApiError | null>(null);

  const domain =
    domains?.find((d) => d.id === chosenDomainId) ?? domains?.find((d) => d.is_default) ?? domains?.[0];
  const preview = domain
    ? shortUrlOf({ short_code: values.custom_code.trim(), custom_domain_id: domain.id }, domains)
    : "";

  const set = (name: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setFormError("");
    setLimitError(null);
    const parsed = shortenedUrlBodySchema.safeParse({
      ...values,
      expires_at: localToIso(values.expires_at),
      custom_domain_id: domain && domain.id !== FALLBACK_DOMAIN_ID ? domain.id : null,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(parsed.data);
      const shortUrl = shortUrlOf(created, domains);
      setValues(EMPTY);
      const copied = await copyToClipboard(shortUrl);
      toast.success(copied ? "URL encurtada e copiada!" : "URL encurtada!", { description: shortUrl });
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldErrors = Object.fromEntries(FIELDS.map((f) => [f, error.field(f)]).filter(([, m]) => m));
        if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      }
      if (isPlanLimitError(error)) setLimitError(error);
      setFormError(errorMessage(error, SHORT_URL_MESSAGES.shortenFailed));
    }
  }

  const inputClass = (field: Field) =>
    `mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-gray-900 shadow-xs placeholder:text-gray-500 focus:outline-none focus:ring-2 ${
      errors[field]
        ? "border-red-400 focus:border-red-500 focus:ring-red-100"
        : "border-gray-300 focus:border-brand-500 focus:ring-brand-100"
    }`;
  const describedBy = (field: Field, hint?: string) => (errors[field] ? `${id}-${field}-error` : hint);
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-600">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby={`${id}-title`}
    >
      <div className="mb-5 flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Link2 className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
            Encurtar nova URL
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
            aria-invalid={Boolean(errors.original_url)}
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
            aria-invalid={Boolean(errors.title)}
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
            disabled={!domains}
            aria-invalid={Boolean(errors.custom_domain_id)}
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
              errors.custom_code
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
              aria-invalid={Boolean(errors.custom_code)}
              aria-describedby={describedBy("custom_code", `${id}-code-hint`)}
              className="block w-full min-w-0 rounded-r-lg px-3 py-2.5 text-sm text-gray-900 placeholder:text-gray-500 focus:outline-none"
            />
          </div>
          {fieldError("custom_code") ?? (
            <p id={`${id}-code-hint`} className="mt-1 text-xs text-gray-500">
              {SHORT_URL_MESSAGES.codeHint}
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
            aria-invalid={Boolean(errors.expires_at)}
            aria-describedby={describedBy("expires_at")}
            className={inputClass("expires_at")}
          />
          {fieldError("expires_at")}
        </div>
      </div>

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
        formError && (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
          >
            {formError}
          </p>
        )
      )}

      <button
        type="submit"
        disabled={create.isPending}
        className="mt-5 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {create.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
        {create.isPending ? "Encurtando..." : "Encurtar URL"}
      </button>
    </form>
  );
}
