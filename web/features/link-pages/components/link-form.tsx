import { LINK_PAGE_MESSAGES, type LinkBody, linkBodySchema } from "@common/contract/link-pages";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { useId, useState } from "react";

type Fields = { title: string; url: string };
type Errors = Partial<Record<keyof Fields | "form", string>>;

const fieldsSchema = linkBodySchema.pick({ title: true, url: true });

/** Título + URL, both required and the URL checked by the contract's schema (spec 5). */
export function LinkForm({
  initial = { title: "", url: "" },
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Fields;
  submitLabel: string;
  onSubmit: (body: Pick<LinkBody, "title" | "url">) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const parsed = fieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(parsed.data);
      if (!onCancel) setFields({ title: "", url: "" });
    } catch (error) {
      const api = error instanceof ApiError ? error : null;
      setErrors({
        title: api?.field("title"),
        url: api?.field("url"),
        form: errorMessage(error, LINK_PAGE_MESSAGES.saveLinkFailed),
      });
    } finally {
      setSaving(false);
    }
  };

  const input = (key: keyof Fields, label: string, type: string, placeholder: string) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-xs font-medium text-gray-600">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={fields[key]}
        placeholder={placeholder}
        maxLength={key === "url" ? 2048 : 100}
        aria-invalid={Boolean(errors[key])}
        onChange={(event) => setFields((f) => ({ ...f, [key]: event.target.value }))}
        onKeyDown={(event) => {
          // Inside the page form: Enter adds the link instead of submitting the page.
          if (event.key === "Enter") {
            event.preventDefault();
            void submit();
          }
        }}
        className={`w-full rounded-lg border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 ${
          errors[key]
            ? "border-red-400 focus:ring-red-100"
            : "border-gray-300 focus:border-brand-500 focus:ring-brand-100"
        }`}
      />
      {errors[key] && <p className="mt-1 text-xs text-red-600">{errors[key]}</p>}
    </div>
  );

  // A div, not a form: this sits inside the page editor's form.
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        {input("title", "Título do link", "text", "Ex.: Meu Instagram")}
        {input("url", "URL", "url", "https://...")}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-red-600">
          {errors.form}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => void submit()}
          disabled={saving}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
        >
          {saving ? "Salvando..." : submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg px-4 py-2 text-sm font-medium text-gray-600 hover:bg-gray-100"
          >
            Cancelar
          </button>
        )}
      </div>
    </div>
  );
}
