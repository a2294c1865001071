import {
  type ButtonStyle,
  DEFAULT_BUTTON_STYLE,
  readButtonStyle,
  resolveButtonStyle,
} from "@common/button-style";
import type { Link, LinkBioView, LinkPage, LinkPageBody } from "@common/contract/link-pages";

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
  };
}

/** A link added to a page not saved yet: kept in the editor and created with the page, in order. */
export type DraftLink = { key: number; title: string; url: string };

/** What the preview needs of a link: a saved one, or a draft (no style of its own yet). */
type PreviewLink = Pick<Link, "id" | "title" | "url"> & { custom_style?: string };

export const draftToPreview = (draft: DraftLink): PreviewLink => ({
  id: draft.key,
  title: draft.title,
  url: draft.url,
});

export function formToView(form: PageForm, links: PreviewLink[]): LinkBioView {
  return {
    title: form.title,
    description: form.description.trim() || null,
    profileImageUrl: form.profileImageUrl,
    backgroundColor: form.backgroundColor,
    textColor: form.textColor,
    buttonStyle: form.buttonStyle,
    links: links.map((link) => ({
      id: link.id,
      title: link.title,
      url: link.url,
      style: readButtonStyle(link.custom_style),
    })),
  };
}

/** Fonts the preview must load: the page's and each link's own. */
export function viewFonts(view: LinkBioView): string[] {
  return [view.buttonStyle.fontFamily, ...view.links.map((link) => link.style.fontFamily)].filter(
    (font): font is NonNullable<typeof font> => Boolean(font),
  );
}
