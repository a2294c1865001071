/**
 * When a block shows: switched on, and inside its window (start included, end excluded), to the
 * millisecond of the clock that renders. A rendered page is good until the next bound of any of its
 * blocks: every process computes the same instant from the same rows, so none needs to be told.
 */
export type BlockSchedule = { is_active: boolean; starts_at: string | null; ends_at: string | null };

export function isBlockShown(block: BlockSchedule, now: number): boolean {
  if (!block.is_active) return false;
  if (block.starts_at !== null && Date.parse(block.starts_at) > now) return false;
  return block.ends_at === null || Date.parse(block.ends_at) > now;
}

/** The next instant (ms) after `now` at which some switched-on block appears or goes, or null. */
export function nextBlockChange(blocks: Iterable<BlockSchedule>, now: number): number | null {
  let next: number | null = null;
  for (const block of blocks) {
    if (!block.is_active) continue;
    for (const bound of [block.starts_at, block.ends_at]) {
      if (bound === null) continue;
      const at = Date.parse(bound);
      if (at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}
