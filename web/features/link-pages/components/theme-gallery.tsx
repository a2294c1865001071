import { readButtonStyle, resolveButtonStyle } from "@common/button-style";
import type { LinkPageTheme } from "@common/contract/link-page-themes";
import { fontFaceCss, fontStack } from "@common/link-bio/fonts";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@web/lib/api-client";
import { Check } from "lucide-react";
import { useId, useMemo } from "react";
import { linkPageThemesQuery } from "../api/link-page-themes-query";
import { matchingTheme, type PageForm } from "../page-form";

const THEMES_LOAD_FAILED = "Não foi possível carregar os temas.";

/**
 * "Temas": the ready-made looks as a radio group of drawn samples. Picking one fills the page's look
 * (the fields stay editable); the theme the fields match right now, if any, is the checked one.
 * Native radios: arrows move between themes, as in any radio group.
 */
export function ThemeGallery({ form, onPick }: { form: PageForm; onPick: (theme: LinkPageTheme) => void }) {
  const themes = useQuery(linkPageThemesQuery);
  const name = useId();
  const current = themes.data ? matchingTheme(form, themes.data) : null;
  // The samples' fonts, from our origin; a browser fetches a face only when a sample uses it.
  const fontFaces = useMemo(
    () => fontFaceCss(new Set(themes.data?.map((theme) => theme.button_font) ?? [])),
    [themes.data],
  );

  if (themes.isPending) {
    return (
      <div role="status" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        <span className="sr-only">Carregando temas…</span>
        {[0, 1, 2, 3].map((n) => (
          <div key={n} className="h-24 animate-pulse rounded-lg bg-gray-100" />
        ))}
      </div>
    );
  }
  if (themes.isError) {
    // Not an alert: the rest of the form works without the gallery.
    return (
      <div className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-3 text-sm text-gray-700">
        <p>{errorMessage(themes.error, THEMES_LOAD_FAILED)}</p>
        <button
          type="button"
          onClick={() => void themes.refetch()}
          className="mt-2 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
        >
          Tentar novamente
        </button>
      </div>
    );
  }

  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-700">Temas</legend>
      <p className="mb-2 text-xs text-gray-500">
        {current
          ? `Tema atual: ${current.name}. Você pode mudar qualquer campo abaixo.`
          : "Escolha um ponto de partida; depois ajuste qualquer campo abaixo."}
      </p>
      {fontFaces && <style>{fontFaces}</style>}
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {themes.data.map((theme) => (
          <label
            key={theme.id}
            className={`cursor-pointer rounded-lg border-2 p-1 transition has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-focus-visible:ring-offset-2 ${
              current?.id === theme.id ? "border-brand-600" : "border-transparent hover:border-gray-300"
            }`}
          >
            <input
              type="radio"
              name={name}
              value={theme.id}
              checked={current?.id === theme.id}
              onChange={() => onPick(theme)}
              className="sr-only"
            />
            <ThemeSample theme={theme} />
            <span className="mt-1 flex items-center justify-center gap-1 truncate text-xs font-medium text-gray-700">
              {current?.id === theme.id && <Check className="h-3 w-3 shrink-0 text-brand-600" aria-hidden />}
              {theme.name}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A theme drawn small: its background, a line of its text and one of its buttons. */
function ThemeSample({ theme }: { theme: LinkPageTheme }) {
  const button = resolveButtonStyle(readButtonStyle(theme.button_style), { fontFamily: theme.button_font });
  const background =
    theme.background_type === "gradient" && theme.background_gradient_to
      ? `linear-gradient(${theme.background_gradient_direction ?? "135deg"}, ${theme.background_color}, ${theme.background_gradient_to})`
      : theme.background_color;
  const buttonBackground =
    button.backgroundType === "gradient"
      ? `linear-gradient(${button.gradientDirection}, ${button.gradientFrom}, ${button.gradientTo})`
      : button.backgroundColor;
  return (
    <div
      aria-hidden
      className="flex h-20 flex-col items-center justify-center gap-1.5 overflow-hidden rounded-md border border-gray-200 px-2"
      style={{ background, color: theme.text_color, fontFamily: fontStack(theme.button_font) }}
    >
      <span className="text-sm font-semibold leading-none">Aa</span>
      <span
        className="flex h-4 w-full max-w-16 items-center justify-center"
        style={{
          background: buttonBackground,
          border: `${button.borderWidth} solid ${button.borderColor}`,
          borderRadius: button.borderRadius === "50px" ? "9999px" : `min(${button.borderRadius}, 6px)`,
        }}
      >
        <span className="block h-0.5 w-1/2 rounded-full" style={{ background: button.textColor }} />
      </span>
    </div>
  );
}
