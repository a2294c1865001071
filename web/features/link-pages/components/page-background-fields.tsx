import { BUTTON_STYLE_OPTIONS } from "@common/button-style";
import { contrastRatio, lowestContrastOverGradient } from "@common/color-contrast";
import type { BackgroundType } from "@common/contract/link-pages";
import { SelectField } from "@web/components/ui/select-field";
import { Info } from "lucide-react";
import { type PageForm, withBackgroundType } from "../page-form";
import { ColorField } from "./color-field";
import { ContrastWarning } from "./contrast-warning";
import { UploadOrUrlImageField } from "./upload-or-url-image-field";

const BACKGROUND_TYPE_LABELS: Record<BackgroundType, string> = {
  solid: "Cor sólida",
  gradient: "Degradê",
  image: "Imagem",
};

/** The directions of BUTTON_STYLE_OPTIONS.gradientDirection, named as CSS draws them (towards). */
export const GRADIENT_DIRECTION_LABELS: Record<
  (typeof BUTTON_STYLE_OPTIONS.gradientDirection)[number],
  string
> = {
  "0deg": "Para cima (0°)",
  "90deg": "Para a direita (90°)",
  "45deg": "Diagonal, para cima (45°)",
  "135deg": "Diagonal, para baixo (135°)",
};

/**
 * "Fundo": a solid colour, a gradient from it to a second colour, or an image over it; and the
 * page's text colour, with the contrast warning wherever the text can sit.
 */
export function PageBackgroundFields({
  form,
  onChange,
  error,
}: {
  form: PageForm;
  onChange: (update: (form: PageForm) => PageForm) => void;
  error: (path: string) => string | undefined;
}) {
  const set = <K extends keyof PageForm>(key: K, value: PageForm[K]) =>
    onChange((current) => ({ ...current, [key]: value }));
  const type = form.backgroundType;

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-gray-700">Fundo</legend>
        <div className="grid grid-cols-3 gap-1 rounded-lg border border-gray-200 bg-white p-1 shadow-sm">
          {(Object.keys(BACKGROUND_TYPE_LABELS) as BackgroundType[]).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === type}
              onClick={() => onChange((current) => withBackgroundType(current, option))}
              className={`rounded-md px-2 py-1.5 text-sm font-medium transition-colors ${
                option === type ? "bg-brand-600 text-white shadow-sm" : "text-gray-600 hover:bg-gray-100"
              }`}
            >
              {BACKGROUND_TYPE_LABELS[option]}
            </button>
          ))}
        </div>
        {error("background_type") && <p className="mt-1 text-sm text-red-600">{error("background_type")}</p>}
      </fieldset>

      {type === "image" && (
        <UploadOrUrlImageField
          label="Imagem de fundo"
          shape="banner"
          alt="Imagem de fundo"
          uploadLabel="Enviar imagem de fundo"
          removeLabel="Remover imagem de fundo"
          urlLabel="URL da imagem de fundo"
          value={form.backgroundImageUrl}
          onChange={(value) => set("backgroundImageUrl", value)}
          error={error("background_image_url")}
        />
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <ColorField
            label="Cor de Fundo"
            value={form.backgroundColor}
            onChange={(value) => set("backgroundColor", value)}
            error={error("background_color")}
          />
          {type === "image" && (
            <p className="mt-1 text-xs text-gray-500">
              Aparece enquanto a imagem carrega, onde ela não cobre e no lugar dela se não houver imagem.
            </p>
          )}
        </div>
        {type === "gradient" && (
          <ColorField
            label="Segunda cor do degradê"
            value={form.backgroundGradientTo ?? form.backgroundColor}
            onChange={(value) => set("backgroundGradientTo", value)}
            error={error("background_gradient_to")}
          />
        )}
        {type === "gradient" && (
          <SelectField
            label="Direção do degradê"
            value={form.backgroundGradientDirection ?? "135deg"}
            onChange={(event) => set("backgroundGradientDirection", event.target.value)}
            error={error("background_gradient_direction")}
          >
            {BUTTON_STYLE_OPTIONS.gradientDirection.map((direction) => (
              <option key={direction} value={direction}>
                {GRADIENT_DIRECTION_LABELS[direction]}
              </option>
            ))}
          </SelectField>
        )}
        <ColorField
          label="Cor do Texto"
          value={form.textColor}
          onChange={(value) => set("textColor", value)}
          error={error("text_color")}
        />
        <PageTextContrast form={form} />
      </div>
    </div>
  );
}

/**
 * How readable the page's text is over its background: over the colour, over every point of the
 * gradient, or, over an image, a reminder that only the image can tell.
 */
function PageTextContrast({ form }: { form: PageForm }) {
  if (form.backgroundType === "image") {
    return (
      <p className="flex items-start gap-2 text-sm text-gray-600 sm:col-span-2">
        <Info className="mt-0.5 h-4 w-4 shrink-0 text-gray-400" aria-hidden />
        <span>Com imagem de fundo, a leitura do texto depende da imagem: confira na prévia.</span>
      </p>
    );
  }
  const gradient = form.backgroundType === "gradient";
  const ratio = gradient
    ? lowestContrastOverGradient(
        form.textColor,
        form.backgroundColor,
        form.backgroundGradientTo ?? form.backgroundColor,
      )
    : contrastRatio(form.textColor, form.backgroundColor);
  return (
    <ContrastWarning
      ratio={ratio}
      subject={gradient ? "o texto da página, em parte do degradê," : "o texto da página"}
      className="sm:col-span-2"
    />
  );
}
