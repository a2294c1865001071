import type { FastifyInstance } from "fastify";
import { BLOCK_MESSAGES, MAX_BLOCKS_PER_PAGE } from "../../../common/contract/link-blocks";
import {
  LINK_PAGE_MESSAGES,
  type LinkPageInput,
  type linkBodySchema,
  type linkPageCreateBodySchema,
  type linkUpdateBodySchema,
  MAX_LINKS_PER_PAGE,
} from "../../../common/contract/link-pages";
import { LINK_TARGET_MESSAGES } from "../../../common/contract/urls";
import type { z } from "../../../common/zod";
import { isUniqueViolation } from "../../lib/database-errors";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error";
import { assertLinkTarget } from "../../lib/link-targets";
import { createWithinLimit, planOf } from "../billing/entitlements";
import { deleteUpload, saveImageDataUrl } from "../uploads/image-store";
import { withLinksInOrder } from "./blocks.service";
import { linkPageChanged } from "./link-page-events";
import {
  deleteBlockWithClicks,
  deletePageWithClicks,
  insertBlockAtEnd,
  insertFirstLinks,
  insertPage,
  type LinkPageRow,
  type LinkRow,
  listBlocks,
  listLinks,
  setBlockOrder,
  slugTaken,
  updateBlock,
  updatePage,
} from "./link-pages.queries";

type App = Pick<FastifyInstance, "db" | "config" | "domains" | "bus" | "blockedDomains" | "settings">;

const PROFILE_IMAGE_MESSAGE = "Imagem de perfil: informe uma URL válida ou envie um arquivo";
const BACKGROUND_IMAGE_MESSAGE = "Imagem de fundo: informe uma URL válida ou envie um arquivo";

/** A new page and the links it was created with (none, or the editor's first ones, in order). */
export async function createLinkPage(
  app: App,
  userId: number,
  input: z.output<typeof linkPageCreateBodySchema>,
): Promise<LinkPageRow> {
  const domainId = await chooseDomain(app, userId, input.custom_domain_id, null);
  for (const [index, { title, url }] of input.links.entries()) assertFirstLinkTarget(app, title, url, index);
  if (await slugTaken(app.db, domainId, input.slug)) throw slugConflict();
  const { image, background } = await storePageImages(app, input, null);
  try {
    // The plan's limit is counted and the page inserted under one lock (no race past it).
    const row = await createWithinLimit(app.db, userId, "link_pages", async (tx) => {
      const page = await insertPage(tx, {
        ...columnsOf(input, null),
        profileImageUrl: image,
        backgroundImageUrl: background,
        userId,
        domainId,
        isActive: input.is_active ?? true,
      });
      await insertFirstLinks(
        tx,
        page.id,
        input.links.map(({ title, url, custom_style }) => ({ title, url, customStyle: custom_style })),
      );
      return page;
    });
    // A visitor may have asked for this address before it existed: its cached 404 must go.
    linkPageChanged(app.bus, row);
    return row;
  } catch (error) {
    if (image !== input.profile_image_url) await deleteUpload(app.config.dataDir, image);
    if (background !== input.background_image_url) await deleteUpload(app.config.dataDir, background);
    throw isUniqueViolation(error) ? slugConflict() : error;
  }
}

export async function updateLinkPage(
  app: App,
  page: LinkPageRow,
  input: LinkPageInput,
): Promise<LinkPageRow> {
  const domainId = await chooseDomain(app, page.userId, input.custom_domain_id, page);
  if (await slugTaken(app.db, domainId, input.slug, page.id)) throw slugConflict();
  const { image, background } = await storePageImages(app, input, page);
  let row: LinkPageRow;
  try {
    row = await updatePage(app.db, page.id, {
      ...columnsOf(input, page),
      profileImageUrl: image,
      backgroundImageUrl: background,
      domainId,
      isActive: input.is_active ?? page.isActive,
    });
  } catch (error) {
    if (image !== page.profileImageUrl) await deleteUpload(app.config.dataDir, image);
    if (background !== page.backgroundImageUrl) await deleteUpload(app.config.dataDir, background);
    throw isUniqueViolation(error) ? slugConflict() : error;
  }
  if (page.profileImageUrl !== row.profileImageUrl)
    await deleteUpload(app.config.dataDir, page.profileImageUrl);
  if (page.backgroundImageUrl !== row.backgroundImageUrl)
    await deleteUpload(app.config.dataDir, page.backgroundImageUrl);
  linkPageChanged(app.bus, page, row);
  return row;
}

export async function deleteLinkPage(app: App, page: LinkPageRow): Promise<void> {
  const images = (await listBlocks(app.db, page.id))
    .filter((block) => block.type === "image")
    .map((block) => (block.data as { image_url?: string }).image_url);
  await deletePageWithClicks(app.db, page);
  for (const url of [page.profileImageUrl, page.backgroundImageUrl, ...images])
    await deleteUpload(app.config.dataDir, url);
  linkPageChanged(app.bus, page);
}

export async function createLink(
  app: App,
  page: LinkPageRow,
  input: z.output<typeof linkBodySchema>,
): Promise<LinkRow> {
  assertLinkTarget(app, input.url, "url", LINK_TARGET_MESSAGES.ownLink);
  const row = await insertBlockAtEnd(
    app.db,
    page.id,
    {
      type: "link",
      title: input.title,
      url: input.url,
      customStyle: input.custom_style,
      data: { highlight: false },
    },
    MAX_BLOCKS_PER_PAGE,
  );
  if (!row) {
    // Full: of links, or of blocks of every type (a page of 100 headings holds no link).
    const full = (await listLinks(app.db, page.id)).length >= MAX_LINKS_PER_PAGE;
    throw badRequest(full ? LINK_PAGE_MESSAGES.linkLimit : BLOCK_MESSAGES.blockLimit);
  }
  linkPageChanged(app.bus, page);
  return row;
}

export async function editLink(
  app: App,
  page: LinkPageRow,
  link: LinkRow,
  input: z.output<typeof linkUpdateBodySchema>,
): Promise<LinkRow> {
  // Only a changed URL is checked: a link saved before the rule still takes a new title or style.
  if (input.url !== undefined && input.url !== link.url)
    assertLinkTarget(app, input.url, "url", LINK_TARGET_MESSAGES.ownLink);
  const row = await updateBlock(app.db, link, {
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.url === undefined ? {} : { url: input.url }),
    ...(input.custom_style === undefined ? {} : { customStyle: input.custom_style }),
  });
  if (!row) throw notFound(LINK_PAGE_MESSAGES.linkNotFound);
  linkPageChanged(app.bus, page);
  return row;
}

export async function deleteLink(app: App, page: LinkPageRow, link: LinkRow): Promise<void> {
  await deleteBlockWithClicks(app.db, page.userId, link);
  linkPageChanged(app.bus, page);
}

/** The new order must name every link of the page exactly once; the other blocks keep their places. */
export async function reorderLinks(app: App, page: LinkPageRow, ids: number[]): Promise<LinkRow[]> {
  const order = withLinksInOrder(await listBlocks(app.db, page.id), ids);
  if (!order) throw badRequest("A nova ordem deve conter exatamente os links desta página.");
  await setBlockOrder(app.db, page.id, order);
  linkPageChanged(app.bus, page);
  return listLinks(app.db, page.id);
}

/** A refused target among a new page's links: the message names the link, the detail its field. */
function assertFirstLinkTarget(app: App, title: string, url: string, index: number): void {
  const field = `links.${index}.url`;
  try {
    assertLinkTarget(app, url, field, LINK_TARGET_MESSAGES.ownLink);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new HttpError(error.statusCode, `Link "${title}": ${error.message}`, error.details);
  }
}

/** The page's columns from a body; a field beyond the spec's that is absent keeps its value. */
function columnsOf(input: LinkPageInput, page: LinkPageRow | null) {
  return {
    backgroundType: input.background_type ?? page?.backgroundType ?? "solid",
    backgroundGradientTo:
      input.background_gradient_to === undefined
        ? (page?.backgroundGradientTo ?? null)
        : input.background_gradient_to,
    backgroundGradientDirection:
      input.background_gradient_direction === undefined
        ? (page?.backgroundGradientDirection ?? null)
        : input.background_gradient_direction,
    isSensitive: input.is_sensitive ?? page?.isSensitive ?? false,
    seoTitle: input.seo_title === undefined ? (page?.seoTitle ?? null) : input.seo_title,
    seoDescription:
      input.seo_description === undefined ? (page?.seoDescription ?? null) : input.seo_description,
    slug: input.slug,
    title: input.title,
    description: input.description,
    backgroundColor: input.background_color,
    textColor: input.text_color,
    buttonStyle: input.button_style,
    buttonFont: input.button_font,
    buttonSize: input.button_size,
  };
}

/**
 * null means the default domain. On update, an absent field keeps the page's domain, and the
 * page's own domain stays allowed even if it is no longer offered (editing a title must not fail).
 */
async function chooseDomain(
  app: App,
  userId: number,
  requested: number | null | undefined,
  page: LinkPageRow | null,
): Promise<number> {
  if (requested === undefined && page) return page.domainId;
  if (requested === null || requested === undefined) return app.domains.default.id;
  if (page && requested === page.domainId) return requested;
  const { plan } = await planOf(app.db, userId);
  if (!app.domains.isSelectable(plan, requested)) throw badRequest(LINK_PAGE_MESSAGES.domainUnavailable);
  return requested;
}

/**
 * Both images of a page as stored (an absent background keeps the page's); when the background is
 * refused, a profile image just stored for this save goes.
 */
async function storePageImages(app: App, input: LinkPageInput, page: LinkPageRow | null) {
  const image = await storePageImage(
    app,
    input.profile_image_url,
    page?.profileImageUrl ?? null,
    PROFILE_IMAGE_MESSAGE,
  );
  try {
    const background =
      input.background_image_url === undefined
        ? (page?.backgroundImageUrl ?? null)
        : await storePageImage(
            app,
            input.background_image_url,
            page?.backgroundImageUrl ?? null,
            BACKGROUND_IMAGE_MESSAGE,
          );
    return { image, background };
  } catch (error) {
    if (input.profile_image_url?.startsWith("data:")) await deleteUpload(app.config.dataDir, image);
    throw error;
  }
}

/**
 * What profile_image_url (or background_image_url) stores: a data URL becomes a file of ours; an
 * /uploads/ path is kept only if it is already this page's (so a page can never claim, and later
 * delete, another's file).
 */
async function storePageImage(app: App, value: string | null, current: string | null, message: string) {
  if (!value) return null;
  if (value.startsWith("data:")) return saveImageDataUrl(app.config.dataDir, value);
  if (value.startsWith("/")) {
    const field = message === PROFILE_IMAGE_MESSAGE ? "profile_image_url" : "background_image_url";
    if (value !== current) throw badRequest(message, { [field]: message });
    return value;
  }
  return value;
}

function slugConflict() {
  return conflict(LINK_PAGE_MESSAGES.slugTaken, { slug: LINK_PAGE_MESSAGES.slugTaken });
}
