import {
  type ButtonStyle,
  DEFAULT_BUTTON_STYLE,
  readButtonStyle,
  resolveButtonStyle,
} from "@common/button-style";
import { parseHexColor, relativeLuminance } from "@common/color-contrast";
import type { LinkBioBlock, LinkBioView } from "@common/contract/link-bio-view";
import type { Block } from "@common/contract/link-blocks";
import type { LinkPageTheme } from "@common/contract/link-page-themes";
import type { BackgroundType, LinkPage, LinkPageBody } from "@common/contract/link-pages";
import { isBlockShown } from "@common/link-bio/block-window";

/** The editor's unsaved page: what the form edits, the preview draws and the save sends. */
export type PageForm = {
  title: string;
  slug: string;
  description: string;
  profileImageUrl: string | null;
  backgroundColor: string;
  textColor: string;
  buttonStyle: ButtonStyle;
  buttonSize: string;
  domainId: number | null;
  isActive: boolean;
  backgroundType: BackgroundType;
  backgroundGradientTo: string | null;
  backgroundGradientDirection: string | null;
  backgroundImageUrl: string | null;
  isSensitive: boolean;
  seoTitle: string;
  seoDescription: string;
};

export function pageToForm(page: LinkPage | null): PageForm {
  return {
    title: page?.title ?? "",
    slug: page?.slug ?? "",
    description: page?.description ?? "",
    profileImageUrl: page?.profile_image_url ?? null,
    backgroundColor: page?.background_color ?? "#ffffff",
    textColor: page?.text_color ?? "#000000",
    buttonStyle: page
      ? resolveButtonStyle(readButtonStyle(page.button_style), undefined)
      : DEFAULT_BUTTON_STYLE,
    buttonSize: page?.button_size ?? "medium",
    domainId: page?.custom_domain_id ?? null,
    isActive: page?.is_active ?? true,
    backgroundType: page?.background_type ?? "solid",
    backgroundGradientTo: page?.background_gradient_to ?? null,
    backgroundGradientDirection: page?.background_gradient_direction ?? null,
    backgroundImageUrl: page?.background_image_url ?? null,
    isSensitive: page?.is_sensitive ?? false,
    seoTitle: page?.seo_title ?? "",
    seoDescription: page?.seo_description ?? "",
  };
}

/** The body of POST/PUT /api/link-pages (spec 7); button_font follows the style's font. */
export function formToBody(form: PageForm): LinkPageBody {
  return {
    title: form.title,
    slug: form.slug,
    description: form.description.trim() || null,
    profile_image_url: form.profileImageUrl,
    background_color: form.backgroundColor,
    text_color: form.textColor,
    button_style: JSON.stringify(form.buttonStyle),
    button_font: form.buttonStyle.fontFamily,
    button_size: form.buttonSize as LinkPageBody["button_size"],
    // Domain id 0 is the offline fallback (current host): the server's default domain.
    custom_domain_id: form.domainId || null,
    is_active: form.isActive,
    background_type: form.backgroundType,
    background_gradient_to: form.backgroundGradientTo,
    background_gradient_direction:
      form.backgroundGradientDirection as LinkPageBody["background_gradient_direction"],
    background_image_url: form.backgroundImageUrl,
    is_sensitive: form.isSensitive,
    seo_title: form.seoTitle.trim() || null,
    seo_description: form.seoDescription.trim() || null,
  };
}

/**
 * The form with a theme's look: background, text colour, button style, font and size. The image
 * stays in the form (not drawn while the background is not an image), so choosing "Imagem" again
 * brings it back.
 */
export function applyTheme(form: PageForm, theme: LinkPageTheme): PageForm {
  return {
    ...form,
    backgroundType: theme.background_type,
    backgroundColor: theme.background_color,
    backgroundGradientTo: theme.background_gradient_to,
    backgroundGradientDirection: theme.background_gradient_direction,
    textColor: theme.text_color,
    buttonStyle: resolveButtonStyle(readButtonStyle(theme.button_style), { fontFamily: theme.button_font }),
    buttonSize: theme.button_size,
  };
}

/** The theme whose look the form has right now (every field it sets, colours in any case), or null. */
export function matchingTheme(form: PageForm, themes: readonly LinkPageTheme[]): LinkPageTheme | null {
  return themes.find((theme) => sameLook(form, applyTheme(form, theme))) ?? null;
}

function sameLook(a: PageForm, b: PageForm): boolean {
  const same = (x: string | null, y: string | null) => (x ?? "").toLowerCase() === (y ?? "").toLowerCase();
  const gradient = a.backgroundType === "gradient";
  return (
    a.backgroundType === b.backgroundType &&
    same(a.backgroundColor, b.backgroundColor) &&
    (!gradient || same(a.backgroundGradientTo, b.backgroundGradientTo)) &&
    (!gradient || same(a.backgroundGradientDirection, b.backgroundGradientDirection)) &&
    same(a.textColor, b.textColor) &&
    a.buttonSize === b.buttonSize &&
    (Object.keys(DEFAULT_BUTTON_STYLE) as (keyof ButtonStyle)[]).every((key) =>
      same(a.buttonStyle[key], b.buttonStyle[key]),
    )
  );
}

/**
 * The form switched to another kind of background. A gradient started from a solid colour gets a
 * second colour a step lighter (on dark) or darker (on light), so it shows at once and the text
 * keeps roughly its contrast; the user picks their own from there.
 */
export function withBackgroundType(form: PageForm, type: BackgroundType): PageForm {
  if (type !== "gradient") return { ...form, backgroundType: type };
  return {
    ...form,
    backgroundType: type,
    backgroundGradientTo: form.backgroundGradientTo ?? gradientPartner(form.backgroundColor),
    backgroundGradientDirection: form.backgroundGradientDirection ?? "135deg",
  };
}

function gradientPartner(color: string): string {
  const rgb = parseHexColor(color);
  const luminance = relativeLuminance(color);
  if (!rgb || luminance === null) return color;
  const toward = luminance > 0.5 ? 0 : 255;
  return `#${rgb
    .map((channel) =>
      Math.round(channel + (toward - channel) * 0.2)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The blocks a visitor sees at `now` (switched on, inside their window), as the renderer takes them. */
export function shownBlocks(blocks: readonly Block[], now: number): LinkBioBlock[] {
  return blocks
    .filter((block) => isBlockShown(block, now))
    .map(({ id, type, data }) => ({ id, type, data }) as LinkBioBlock);
}

/** A link added to a page not saved yet: kept in the editor and created with the page, in order. */
export type DraftLink = { key: number; title: string; url: string };

/** A draft link as the preview draws it: a link block (no style of its own yet). */
export const draftToPreview = (draft: DraftLink): LinkBioBlock => ({
  id: draft.key,
  type: "link",
  data: { title: draft.title, url: draft.url, custom_style: {}, highlight: false, open_in_app: true },
});

/** The page the preview draws: the unsaved form and the blocks shown (the caller picks them). */
export function formToView(form: PageForm, blocks: LinkBioBlock[]): LinkBioView {
  return {
    title: form.title,
    description: form.description.trim() || null,
    profileImageUrl: form.profileImageUrl,
    backgroundColor: form.backgroundColor,
    textColor: form.textColor,
    buttonStyle: form.buttonStyle,
    background: {
      type: form.backgroundType,
      gradientTo: form.backgroundGradientTo,
      gradientDirection: form.backgroundGradientDirection,
      imageUrl: form.backgroundImageUrl,
    },
    blocks,
  };
}

/** Fonts the preview must load: the page's and each link block's own. */
export function viewFonts(view: LinkBioView): string[] {
  return [
    view.buttonStyle.fontFamily,
    ...view.blocks.map((block) => (block.type === "link" ? block.data.custom_style.fontFamily : undefined)),
  ].filter((font): font is NonNullable<typeof font> => Boolean(font));
}
