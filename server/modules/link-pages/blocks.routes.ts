import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  BLOCK_DATA_SCHEMAS,
  type BlockCreateInput,
  type BlockData,
  blockCreateBodySchema,
  blockListSchema,
  blockOrderBodySchema,
  blockSchema,
  blockUpdateBodySchema,
} from "../../../common/contract/link-blocks";
import { linkPageThemeListSchema } from "../../../common/contract/link-page-themes";
import { idParamsSchema } from "../../../common/contract/link-pages";
import { blockTargetUrls } from "../../../common/link-bio/block-targets";
import { LINK_PAGE_THEMES } from "../../../common/link-bio/themes";
import { creationRateLimited } from "../../lib/creation-rate";
import { requireUser, signedInUser } from "../../lib/session-guards";
import { createBlock, deleteBlock, editBlock, reorderBlocks } from "./blocks.service";
import { findOwnBlock, listBlocks } from "./link-pages.queries";
import { blockDataOf, toBlock } from "./link-pages.wire";
import { requireOwnBlock, requireOwnPage } from "./own-rows";

// A Link Bio page's blocks (issue 34, decision 024): every type, in page order; owners only.
export const blocksRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", requireUser);
  // A block that leads somewhere is a creation like a link (one counter with short links and
  // pages: the hourly rate is there against spam); a heading, a text or a divider is free.
  const creationLimit = creationRateLimited(app, (request) => {
    const body = request.body as BlockCreateInput;
    return blockTargetUrls(body.type, body.data).length > 0 ? 1 : 0;
  });
  // An edit that gives addresses to a block that had none counts too, as its creation would have
  // (else a block created free could be filled with addresses later, past the rate); changing an
  // address a block already had is an edit, free as a link's is.
  const editLimit = creationRateLimited(app, async (request) => {
    const { data } = request.body as { data?: BlockData };
    if (!data || !request.user) return 0;
    const found = await findOwnBlock(app.db, request.user.id, (request.params as { id: number }).id);
    if (!found) return 0;
    if (blockTargetUrls(found.block.type, blockDataOf(found.block)).length > 0) return 0;
    const parsed = BLOCK_DATA_SCHEMAS[found.block.type].safeParse(data);
    return parsed.success && blockTargetUrls(found.block.type, parsed.data).length > 0 ? 1 : 0;
  });

  app.get("/api/link-page-themes", { schema: { response: { 200: linkPageThemeListSchema } } }, async () => [
    ...LINK_PAGE_THEMES,
  ]);

  app.get(
    "/api/link-pages/:id/blocks",
    { schema: { params: idParamsSchema, response: { 200: blockListSchema } } },
    async (request) => {
      const page = await requireOwnPage(app, signedInUser(request).id, request.params.id);
      return (await listBlocks(app.db, page.id)).map(toBlock);
    },
  );

  app.post(
    "/api/link-pages/:id/blocks",
    {
      preHandler: creationLimit,
      schema: { params: idParamsSchema, body: blockCreateBodySchema, response: { 201: blockSchema } },
    },
    async (request, reply) => {
      const page = await requireOwnPage(app, signedInUser(request).id, request.params.id);
      return reply.code(201).send(toBlock(await createBlock(app, page, request.body)));
    },
  );

  app.put(
    "/api/link-pages/:id/blocks/order",
    { schema: { params: idParamsSchema, body: blockOrderBodySchema, response: { 200: blockListSchema } } },
    async (request) => {
      const page = await requireOwnPage(app, signedInUser(request).id, request.params.id);
      return (await reorderBlocks(app, page, request.body.ids)).map(toBlock);
    },
  );

  app.put(
    "/api/blocks/:id",
    {
      preHandler: editLimit,
      schema: { params: idParamsSchema, body: blockUpdateBodySchema, response: { 200: blockSchema } },
    },
    async (request) => {
      const { block, page } = await requireOwnBlock(app, signedInUser(request).id, request.params.id);
      return toBlock(await editBlock(app, page, block, request.body));
    },
  );

  app.delete("/api/blocks/:id", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const { block, page } = await requireOwnBlock(app, signedInUser(request).id, request.params.id);
    await deleteBlock(app, page, block);
    return reply.code(204).send();
  });
};
