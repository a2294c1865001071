import { byAddress } from "../../lib/rate-limits";

/**
 * A visitor's clicks on Link Bio blocks, per address: the beacon and the vCard downloads share it
 * (both count clicks, and a forged burst of either must not inflate a page's figures).
 */
export const BLOCK_CLICK_RATE = { name: "track-link-click", max: 120, windowMs: 60_000, key: byAddress };
