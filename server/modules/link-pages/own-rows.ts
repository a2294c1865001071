import type { FastifyInstance } from "fastify";
import { BLOCK_MESSAGES } from "../../../common/contract/link-blocks";
import { LINK_PAGE_MESSAGES } from "../../../common/contract/link-pages";
import { notFound } from "../../lib/http-error";
import { findOwnBlock, findOwnLink, findOwnPage } from "./link-pages.queries";

// The signed-in user's rows, else 404: another user's page, link or block is as good as missing.

export async function requireOwnPage(app: Pick<FastifyInstance, "db">, userId: number, id: number) {
  const page = await findOwnPage(app.db, userId, id);
  if (!page) throw notFound(LINK_PAGE_MESSAGES.notFound);
  return page;
}

export async function requireOwnLink(app: Pick<FastifyInstance, "db">, userId: number, id: number) {
  const found = await findOwnLink(app.db, userId, id);
  if (!found) throw notFound(LINK_PAGE_MESSAGES.linkNotFound);
  return found;
}

export async function requireOwnBlock(app: Pick<FastifyInstance, "db">, userId: number, id: number) {
  const found = await findOwnBlock(app.db, userId, id);
  if (!found) throw notFound(BLOCK_MESSAGES.notFound);
  return found;
}
