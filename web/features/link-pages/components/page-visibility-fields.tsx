import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "@common/contract/link-pages";
import { SwitchRow } from "@web/components/ui/switch-row";
import { TextAreaField } from "@web/components/ui/text-area-field";
import { TextField } from "@web/components/ui/text-field";
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
