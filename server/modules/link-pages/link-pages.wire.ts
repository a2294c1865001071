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
    click_count: row.clickCount,
    ...(linksCount === undefined ? {} : { links_count: linksCount }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toLink(row: LinkRow): Link {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    custom_style: JSON.stringify(row.customStyle ?? {}),
    position: row.position,
    click_count: row.clickCount,
  };
}
