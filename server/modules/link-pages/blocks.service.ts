import type { FastifyInstance } from "fastify";
import {
  BLOCK_MESSAGES,
  type BlockCreateInput,
  type BlockData,
  type BlockType,
  blockUpdateBodySchemaFor,
  blockWindowProblem,
  MAX_BLOCKS_PER_PAGE,
} from "../../../common/contract/link-blocks";
import { LINK_TARGET_MESSAGES } from "../../../common/contract/urls";
import { blockTargetUrls } from "../../../common/link-bio/block-targets";
import { badRequest, notFound } from "../../lib/http-error";
import { assertLinkTarget } from "../../lib/link-targets";
import { deleteUpload, saveImageDataUrl } from "../uploads/image-store";
import { linkPageChanged } from "./link-page-events";
import {
  deleteBlockWithClicks,
  insertBlockAtEnd,
  type LinkPageRow,
  type LinkRow,
  listBlocks,
  setBlockOrder,
  updateBlock,
} from "./link-pages.queries";
import { blockColumns, blockDataOf } from "./link-pages.wire";

type App = Pick<FastifyInstance, "db" | "config" | "domains" | "bus" | "blockedDomains" | "settings">;

const IMAGE_MESSAGE = BLOCK_MESSAGES.imageUrl;

/** A new block at the end of the page (at most MAX_BLOCKS_PER_PAGE of every type). */
export async function createBlock(app: App, page: LinkPageRow, input: BlockCreateInput): Promise<LinkRow> {
  assertTargets(app, input.type, input.data, null);
  const data = await storeBlockImage(app, input.type, input.data, null);
  let row: LinkRow | null;
  try {
    row = await insertBlockAtEnd(
      app.db,
      page.id,
      {
        type: input.type,
        ...blockColumns(input.type, data),
        isActive: input.is_active,
        startsAt: dateOrNull(input.starts_at),
        endsAt: dateOrNull(input.ends_at),
      },
      MAX_BLOCKS_PER_PAGE,
    );
  } catch (error) {
    await forgetNewImage(app, data, null);
    throw error;
  }
  if (!row) {
    await forgetNewImage(app, data, null);
    throw badRequest(BLOCK_MESSAGES.blockLimit);
  }
  linkPageChanged(app.bus, page);
  return row;
}

/**
 * PUT /api/blocks/{id}: the body parsed again by the block's own type (its data checked by that
 * type's schema, the type unchanged), the window checked against the bounds kept.
 */
export async function editBlock(
  app: App,
  page: LinkPageRow,
  block: LinkRow,
  body: unknown,
): Promise<LinkRow> {
  const parsed = blockUpdateBodySchemaFor(block.type).safeParse(body);
  if (!parsed.success) {
    // The same details as the router's validation (server/plugins/errors.ts): every field, once.
    const details: Record<string, string> = {};
    for (const issue of parsed.error.issues) details[issue.path.join(".") || "body"] ??= issue.message;
    throw badRequest(Object.values(details)[0]!, details);
  }
  const input = parsed.data;
  const startsAt = input.starts_at === undefined ? (block.startsAt?.toISOString() ?? null) : input.starts_at;
  const endsAt = input.ends_at === undefined ? (block.endsAt?.toISOString() ?? null) : input.ends_at;
  const windowProblem = blockWindowProblem(startsAt, endsAt);
  if (windowProblem) throw badRequest(windowProblem, { ends_at: windowProblem });

  let data: BlockData | undefined;
  if (input.data !== undefined) {
    assertTargets(app, block.type, input.data as BlockData, block);
    data = await storeBlockImage(app, block.type, input.data as BlockData, block);
  }
  let row: LinkRow | undefined;
  try {
    row = await updateBlock(app.db, block, {
      ...(data === undefined ? {} : blockColumns(block.type, data)),
      ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
      ...(input.starts_at === undefined ? {} : { startsAt: dateOrNull(input.starts_at) }),
      ...(input.ends_at === undefined ? {} : { endsAt: dateOrNull(input.ends_at) }),
    });
  } catch (error) {
    if (data) await forgetNewImage(app, data, block);
    throw error;
  }
  // Deleted meanwhile (another tab, the API): as missing as any block of nobody's.
  if (!row) {
    if (data) await forgetNewImage(app, data, block);
    throw notFound(BLOCK_MESSAGES.notFound);
  }
  const before = imageOf(block.type, blockDataOf(block));
  if (before !== imageOf(row.type, blockDataOf(row))) await deleteUpload(app.config.dataDir, before);
  linkPageChanged(app.bus, page);
  return row;
}

export async function deleteBlock(app: App, page: LinkPageRow, block: LinkRow): Promise<void> {
  await deleteBlockWithClicks(app.db, page.userId, block);
  await deleteUpload(app.config.dataDir, imageOf(block.type, blockDataOf(block)));
  linkPageChanged(app.bus, page);
}

/** The new order must name every block of the page exactly once. */
export async function reorderBlocks(app: App, page: LinkPageRow, ids: number[]): Promise<LinkRow[]> {
  const current = await listBlocks(app.db, page.id);
  const known = new Set(current.map((block) => block.id));
  if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
    throw badRequest(BLOCK_MESSAGES.orderMismatch);
  }
  await setBlockOrder(app.db, page.id, ids);
  linkPageChanged(app.bus, page);
  return listBlocks(app.db, page.id);
}

/**
 * The spec's reorder of links: the link blocks take the order given, each in the place a link held,
 * so the other blocks stay where they are. `linkIds` must name every link of the page once.
 */
export function withLinksInOrder(blocks: LinkRow[], linkIds: number[]): number[] | null {
  const linkSlots = blocks.filter((block) => block.type === "link");
  const known = new Set(linkSlots.map((block) => block.id));
  if (linkIds.length !== linkSlots.length || new Set(linkIds).size !== linkIds.length) return null;
  if (linkIds.some((id) => !known.has(id))) return null;
  const next = [...linkIds];
  return blocks.map((block) => (block.type === "link" ? next.shift()! : block.id));
}

/** Every address a tap on the block leads to is checked as link targets are, named by its field. */
function assertTargets(app: App, type: BlockType, data: BlockData, block: LinkRow | null): void {
  const kept = new Set(block ? blockTargetUrls(block.type, blockDataOf(block)) : []);
  for (const [field, url] of targetFields(type, data)) {
    // An address saved before a rule changed does not block an edit of something else.
    if (!kept.has(url)) assertLinkTarget(app, url, field, LINK_TARGET_MESSAGES.ownLink);
  }
}

/** The block's target addresses (block-targets.ts) with the field each is in. */
function targetFields(type: BlockType, data: BlockData): [string, string][] {
  const urls = new Set(blockTargetUrls(type, data));
  const fields: [string, string | undefined][] =
    type === "social"
      ? (data as BlockData<"social">).items.map((item, i) => [`data.items.${i}.url`, item.url])
      : [
          ["data.url", (data as { url?: string }).url],
          ["data.link_url", (data as { link_url?: string }).link_url],
          ["data.website", (data as { website?: string }).website],
        ];
  return fields.filter((pair): pair is [string, string] => pair[1] !== undefined && urls.has(pair[1]));
}

function imageOf(type: BlockType, data: BlockData): string | null {
  return type === "image" ? (data as BlockData<"image">).image_url : null;
}

/**
 * An image block's picture as stored: a data URL becomes a file of ours; an /uploads/ path is kept
 * only when it is already this block's (a block can never claim, and later delete, another's file).
 */
async function storeBlockImage<T extends BlockData>(
  app: App,
  type: BlockType,
  data: T,
  block: LinkRow | null,
): Promise<T> {
  const image = imageOf(type, data);
  if (!image) return data;
  if (image.startsWith("data:")) {
    return { ...data, image_url: await saveImageDataUrl(app.config.dataDir, image) };
  }
  if (image.startsWith("/") && image !== (block && imageOf(block.type, blockDataOf(block)))) {
    throw badRequest(IMAGE_MESSAGE, { "data.image_url": IMAGE_MESSAGE });
  }
  return data;
}

/** A file stored for a save that then failed goes (the block's own stays). */
async function forgetNewImage(app: App, data: BlockData, block: LinkRow | null): Promise<void> {
  const image = "image_url" in data ? (data.image_url as string) : null;
  const kept = block ? imageOf(block.type, blockDataOf(block)) : null;
  if (image && image !== kept) await deleteUpload(app.config.dataDir, image);
}

function dateOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}
