import type { FastifyInstance } from "fastify";
import { BLOCKED_WARNING_PATH } from "../../../common/contract/abuse";
import type { LinkBioBlock } from "../../../common/contract/link-bio-view";
import { mapBlockTargets } from "../../../common/link-bio/block-targets";
import { targetHostsOf } from "../abuse/blocked-page";

/**
 * A Link Bio page's blocks whose targets are on blocked domains point at the warning page instead
 * (with the page's own address, for the report); the others are left as they are. The page cache is
 * dropped on any change of the block list (public-page.routes.ts).
 */
export function withBlockedLinksGuarded<T extends { blocks: LinkBioBlock[] }>(
  app: FastifyInstance,
  shown: T,
  pageUrl: string,
): T {
  if (app.blockedDomains.size === 0) return shown;
  // Absolute, on the page's own origin: the shared renderer keeps http(s) hrefs only.
  const warning = `${new URL(pageUrl).origin}${BLOCKED_WARNING_PATH}?url=${encodeURIComponent(pageUrl)}`;
  let changed = false;
  const blocks = shown.blocks.map((block) => {
    const data = mapBlockTargets(block.type, block.data, (url) => {
      const [host] = targetHostsOf([url]);
      if (!host || !app.blockedDomains.blocks(host)) return url;
      changed = true;
      return warning;
    });
    return data === block.data ? block : ({ ...block, data } as LinkBioBlock);
  });
  return changed ? { ...shown, blocks } : shown;
}
