// Test-only, for the web component tests: a Link Bio page as the API answers it (GET /api/link-pages),
// with the fields a test names.
import type { LinkPage } from "@common/contract/link-pages";

let nextId = 1;
export function makePage(overrides: Partial<LinkPage> = {}): LinkPage {
  const id = overrides.id ?? nextId++;
  return {
    id,
    slug: `pagina-${id}`,
    title: `Página ${id}`,
    description: null,
    profile_image_url: null,
    background_color: "#ffffff",
    text_color: "#000000",
    button_style: "{}",
    button_font: "Inter",
    button_size: "medium",
    custom_domain_id: 1,
    is_active: true,
    background_type: "solid",
    background_gradient_to: null,
    background_gradient_direction: null,
    background_image_url: null,
    is_sensitive: false,
    seo_title: null,
    seo_description: null,
    click_count: 0,
    links_count: 0,
    created_at: "2026-11-20T15:00:00.000Z",
    updated_at: "2026-11-20T15:00:00.000Z",
    ...overrides,
  };
}
