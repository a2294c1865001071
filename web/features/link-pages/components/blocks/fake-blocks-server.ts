// Test-only: a page's blocks kept as the server keeps them, for the editor's component tests. Each
// call is checked with the contract's own schemas, and a refusal answers as the API does (400, a
// pt-BR message, `details` keyed by the body's paths).
import {
  BLOCK_DATA_SCHEMAS,
  BLOCK_MESSAGES,
  type Block,
  type BlockData,
  type BlockType,
  blockCreateBodySchema,
  blockOrderBodySchema,
  blockUpdateBodySchemaFor,
  blockWindowProblem,
} from "@common/contract/link-blocks";

type Reply = { status?: number; body?: unknown };

/** A saved block: `data` as typed, parsed as the server stores it. */
export function makeBlock<T extends BlockType>(
  id: number,
  type: T,
  data: unknown,
  over: Partial<Pick<Block, "is_active" | "starts_at" | "ends_at">> = {},
): Block {
  return {
    id,
    type,
    position: 0,
    is_active: true,
    starts_at: null,
    ends_at: null,
    ...over,
    data: BLOCK_DATA_SCHEMAS[type].parse(data) as BlockData<T>,
  } as Block;
}

function refused(issues: { path: PropertyKey[]; message: string }[]): Reply {
  const details: Record<string, string> = {};
  for (const issue of issues) details[issue.path.map(String).join(".") || "body"] ??= issue.message;
  return { status: 400, body: { error: Object.values(details)[0], details } };
}

/** The routes of one page's block calls (block ids up to 60), and what the page holds now. */
export function blocksServer(pageId: number, initial: Block[] = []) {
  let blocks = [...initial];
  let nextId = Math.max(0, ...initial.map((block) => block.id)) + 1;
  const numbered = () => blocks.map((block, position) => ({ ...block, position }));
  const at = (id: number) => blocks.findIndex((block) => block.id === id);

  const routes: Record<string, (body: unknown) => Reply> = {
    [`GET /api/link-pages/${pageId}/blocks`]: () => ({ body: numbered() }),
    [`POST /api/link-pages/${pageId}/blocks`]: (body) => {
      const parsed = blockCreateBodySchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues);
      const { type, data, is_active, starts_at, ends_at } = parsed.data;
      const block = {
        id: nextId++,
        type,
        position: blocks.length,
        is_active,
        starts_at,
        ends_at,
        data,
      } as Block;
      blocks.push(block);
      return { status: 201, body: block };
    },
    [`PUT /api/link-pages/${pageId}/blocks/order`]: (body) => {
      const parsed = blockOrderBodySchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues);
      const { ids } = parsed.data;
      if (ids.length !== blocks.length || ids.some((id) => at(id) < 0))
        return { status: 400, body: { error: BLOCK_MESSAGES.orderMismatch } };
      blocks = ids.map((id) => blocks[at(id)]!);
      return { body: numbered() };
    },
  };
  for (let id = 1; id <= 60; id++) {
    routes[`PUT /api/blocks/${id}`] = (body) => {
      const block = blocks[at(id)];
      if (!block) return { status: 404, body: { error: BLOCK_MESSAGES.notFound } };
      const parsed = blockUpdateBodySchemaFor(block.type).safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues);
      const merged = { ...block };
      for (const [key, value] of Object.entries(parsed.data)) {
        if (value !== undefined && key !== "type") Object.assign(merged, { [key]: value });
      }
      const problem = blockWindowProblem(merged.starts_at, merged.ends_at);
      if (problem) return { status: 400, body: { error: problem, details: { ends_at: problem } } };
      blocks[at(id)] = merged as Block;
      return { body: { ...merged, position: at(id) } };
    };
    routes[`DELETE /api/blocks/${id}`] = () => {
      if (at(id) < 0) return { status: 404, body: { error: BLOCK_MESSAGES.notFound } };
      blocks = blocks.filter((block) => block.id !== id);
      return { status: 204 };
    };
  }
  return { routes, blocks: numbered };
}
