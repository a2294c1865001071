import type { LinkBioBlock } from "../../../common/contract/link-bio-view";
import { isBlockShown, nextBlockChange } from "../../../common/link-bio/block-window";
import type { LinkPageRow } from "../link-pages/link-pages.queries";
import { toLinkBioBlock } from "../link-pages/link-pages.wire";
import type { PublicPage } from "./public-pages.queries";

/** A page as visitors see it at one instant: the blocks switched on and inside their window. */
export type ShownPage = {
  page: LinkPageRow;
  blocks: LinkBioBlock[];
  /** When some block appears or goes (ms since the epoch): the rendered page is good until then. */
  nextChange: number | null;
};

const schedule = (row: PublicPage["blocks"][number]) => ({
  is_active: row.isActive,
  starts_at: row.startsAt?.toISOString() ?? null,
  ends_at: row.endsAt?.toISOString() ?? null,
});

export function shownAt({ page, blocks }: PublicPage, now: number): ShownPage {
  const schedules = blocks.map(schedule);
  return {
    page,
    blocks: blocks.filter((_, i) => isBlockShown(schedules[i]!, now)).map(toLinkBioBlock),
    nextChange: nextBlockChange(schedules, now),
  };
}
