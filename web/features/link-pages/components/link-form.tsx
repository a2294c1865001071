import { LINK_PAGE_MESSAGES, type LinkBody, linkBodySchema } from "@common/contract/link-pages";
import { errorMessage } from "@web/lib/api-client";
import { useContractForm } from "@web/lib/use-contract-form";
import { useId } from "react";

type Fields = { title: string; url: string };
const EMPTY: Fields = { title: "", url: "" };

const fieldsSchema = linkBodySchema.pick({ title: true, url: true });

/** Título + URL, both required and the URL checked by the contract's schema (spec 5). */
export function LinkForm({
  initial = EMPTY,
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
  const form = useContractForm({
    schema: fieldsSchema,
    initialValues: initial,
    onSubmit: async (body) => {
      await onSubmit(body);
      if (!onCancel) form.reset(EMPTY);
    },
    describeError: (error) => errorMessage(error, LINK_PAGE_MESSAGES.saveLinkFailed),
  });

  const input = (key: keyof Fields, label: string, type: string, placeholder: string) => {
    const { error, ...field } = form.field(key);
    return (
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-${key}`} className="mb-1 block text-xs font-medium text-gray-600">
          {label}
        </label>
        <input
          id={`${id}-${key}`}
          type={type}
          {...field}
          placeholder={placeholder}
          maxLength={key === "url" ? 2048 : 100}
          aria-invalid={Boolean(error)}
          onKeyDown={(event) => {
            // Inside the page form: Enter adds the link instead of submitting the page.
            if (event.key === "Enter") {
              event.preventDefault();
              void form.handleSubmit();
            }
          }}
          className={`w-full rounded-lg border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 ${
            error
              ? "border-red-400 focus:ring-red-100"
              : "border-gray-300 focus:border-brand-500 focus:ring-brand-100"
          }`}
        />
        {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
      </div>
    );
  };

  // A div, not a form: this sits inside the page editor's form.
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        {input("title", "Título do link", "text", "Ex.: Meu Instagram")}
        {input("url", "URL", "url", "https://...")}
      </div>
      {form.formError && (
        <p role="alert" className="text-sm text-red-600">
          {form.formError}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => void form.handleSubmit()}
          disabled={form.busy}
          className="min-h-11 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
        >
          {form.busy ? "Salvando..." : submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="min-h-11 rounded-lg px-4 py-2 text-sm font-medium text-gray-600 hover:bg-gray-100"
          >
            Cancelar
          </button>
        )}
      </div>
    </div>
  );
}
