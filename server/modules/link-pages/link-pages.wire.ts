import { readButtonStyle } from "../../../common/button-style";
import type { LinkBioBlock } from "../../../common/contract/link-bio-view";
import type { Block, BlockData } from "../../../common/contract/link-blocks";
import type { Link, LinkPage } from "../../../common/contract/link-pages";
import type { LinkPageRow, LinkRow } from "./link-pages.queries";

/** A page as the API answers it: snake_case, button_style as a JSON string (spec section 3). */
export function toLinkPage(row: LinkPageRow, linksCount?: number): LinkPage {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    profile_image_url: row.profileImageUrl,
    background_color: row.backgroundColor,
    text_color: row.textColor,
    button_style: JSON.stringify(row.buttonStyle ?? {}),
    button_font: row.buttonFont,
    button_size: row.buttonSize,
    custom_domain_id: row.domainId,
    is_active: row.isActive,
    background_type: row.backgroundType,
    background_gradient_to: row.backgroundGradientTo,
    background_gradient_direction: row.backgroundGradientDirection,
    background_image_url: row.backgroundImageUrl,
    is_sensitive: row.isSensitive,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    click_count: row.clickCount,
    ...(linksCount === undefined ? {} : { links_count: linksCount }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A link block as the spec's link calls answer it; `position` is its place among the page's links
 * (0, 1, 2…), as before other blocks could sit between them.
 */
export function toLink(row: LinkRow, position: number): Link {
  return {
    id: row.id,
    title: row.title ?? "",
    url: row.url ?? "",
    custom_style: JSON.stringify(row.customStyle ?? {}),
    position,
    click_count: row.clickCount,
  };
}

/**
 * A block's data as stored: a link keeps title, url and style in their columns (the spec's calls
 * read them) and its highlight and "Abrir no app" (absent: on) in `data`; every other type keeps
 * its checked data in `data`.
 */
export function blockDataOf(row: LinkRow): BlockData {
  if (row.type === "link") {
    return {
      title: row.title ?? "",
      url: row.url ?? "",
      custom_style: readButtonStyle(row.customStyle),
      highlight: row.data.highlight === true,
      open_in_app: row.data.open_in_app !== false,
    };
  }
  return row.data as BlockData;
}

/** The columns that store a block's checked data (the inverse of blockDataOf). */
export function blockColumns(type: LinkRow["type"], data: BlockData) {
  if (type === "link") {
    const link = data as BlockData<"link">;
    return {
      title: link.title,
      url: link.url,
      customStyle: link.custom_style as Record<string, string>,
      data: { highlight: link.highlight, open_in_app: link.open_in_app },
    };
  }
  return { title: null, url: null, customStyle: {}, data: data as Record<string, unknown> };
}

/** A block as the API answers it. */
export function toBlock(row: LinkRow): Block {
  return {
    id: row.id,
    type: row.type,
    position: row.position,
    is_active: row.isActive,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    data: blockDataOf(row),
  } as Block;
}

/** What the renderer draws of a block. */
export function toLinkBioBlock(row: LinkRow): LinkBioBlock {
  return { id: row.id, type: row.type, data: blockDataOf(row) } as LinkBioBlock;
}
