import type { FastifyInstance } from "fastify";
import { BLOCKED_WARNING_PATH } from "../../../common/contract/abuse";
import { targetHostsOf } from "../abuse/blocked-page";
import type { PublicPage } from "./public-pages.queries";

/**
 * A Link Bio page whose links to blocked domains point at the warning page instead (with the page's
 * own address, for the report); the others are left as they are. The page cache is dropped on any
 * change of the block list (public-page.routes.ts).
 */
export function withBlockedLinksGuarded(
  app: FastifyInstance,
  found: PublicPage,
  pageUrl: string,
): PublicPage {
  if (app.blockedDomains.size === 0) return found;
  // Absolute, on the page's own origin: the shared renderer keeps http(s) hrefs only.
  const warning = `${new URL(pageUrl).origin}${BLOCKED_WARNING_PATH}?url=${encodeURIComponent(pageUrl)}`;
  let changed = false;
  const links = found.links.map((link) => {
    const [host] = targetHostsOf([link.url]);
    if (!host || !app.blockedDomains.blocks(host)) return link;
    changed = true;
    return { ...link, url: warning };
  });
  return changed ? { ...found, links } : found;
}
