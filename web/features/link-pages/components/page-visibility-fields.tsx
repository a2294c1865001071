import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "@common/contract/link-pages";
import { TextAreaField } from "@web/components/ui/text-area-field";
import { TextField } from "@web/components/ui/text-field";
import { useId } from "react";
import type { PageForm } from "../page-form";

/**
 * "Visibilidade e SEO": whether the page is on, whether visitors confirm their age first, and what
 * search engines and shared links show (the page's own title and description when left empty).
 */
export function PageVisibilityFields({
  form,
  onChange,
  error,
}: {
  form: PageForm;
  onChange: <K extends keyof PageForm>(key: K, value: PageForm[K]) => void;
  error: (path: string) => string | undefined;
}) {
  const title = form.title.trim();
  return (
    <div className="space-y-4">
      <div className="divide-y divide-gray-100 rounded-lg border border-gray-200 px-3">
        <SwitchRow
          label="Página ativa"
          hint="Desligada, a página sai do ar até você ligá-la de novo."
          checked={form.isActive}
          onChange={(value) => onChange("isActive", value)}
          error={error("is_active")}
        />
        <SwitchRow
          label="Conteúdo sensível (18+)"
          hint="Visitantes confirmam que têm 18 anos ou mais antes de ver a página."
          checked={form.isSensitive}
          onChange={(value) => onChange("isSensitive", value)}
          error={error("is_sensitive")}
        />
      </div>
      <TextField
        label="Título para buscadores"
        value={form.seoTitle}
        onChange={(event) => onChange("seoTitle", event.target.value)}
        maxLength={SEO_TITLE_MAX}
        labelAside={<Counter length={form.seoTitle.length} max={SEO_TITLE_MAX} />}
        hint={title ? `Vazio: usamos o título da página, “${title}”.` : "Vazio: usamos o título da página."}
        error={error("seo_title")}
      />
      <TextAreaField
        label="Descrição para buscadores"
        rows={3}
        value={form.seoDescription}
        onChange={(event) => onChange("seoDescription", event.target.value)}
        maxLength={SEO_DESCRIPTION_MAX}
        labelAside={<Counter length={form.seoDescription.length} max={SEO_DESCRIPTION_MAX} />}
        hint={
          form.description.trim()
            ? "Vazio: usamos a descrição da página."
            : "Vazio: usamos a descrição da página (ainda não preenchida)."
        }
        error={error("seo_description")}
      />
    </div>
  );
}

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={`text-xs tabular-nums ${length > max ? "font-semibold text-red-600" : "text-gray-500"}`}>
      {length}/{max}
    </span>
  );
}

/** An on/off setting: its label and hint beside a switch, the hint read with it. */
function SwitchRow({
  label,
  hint,
  checked,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-gray-500">
          {hint}
        </p>
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          checked ? "bg-brand-600" : "bg-gray-300"
        }`}
      >
        <span
          aria-hidden
          className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${
            checked ? "translate-x-5" : ""
          }`}
        />
      </button>
    </div>
  );
}
