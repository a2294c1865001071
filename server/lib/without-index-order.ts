import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * For the rest of the transaction, the planner may not read an index in its order (index and
 * index-only scans), nor, unless `seqScans`, a table from end to end: what is left for a search is
 * its trigram index, through a bitmap. With a sort and a LIMIT the planner otherwise tends to read
 * the sort's index until enough rows pass the filter: cheap when matches are spread evenly, a read
 * of most of the table when they sit at the other end (measured on the bench's data: 1.9 s for a
 * term in 11,111 of a million links, 180 ms for one in 11,112 of 100,000 users sorted by clicks).
 * Through the trigram index a search costs what its matches cost. `seqScans` lets a small table
 * joined to the matches be read whole (the admin's usage counts: 30 ms where a bitmap per match
 * took 54). Call it within a transaction: outside one it would hold for the connection.
 */
export async function withoutIndexOrder(
  tx: Pick<Db, "execute">,
  { seqScans }: { seqScans: boolean },
): Promise<void> {
  await tx.execute(sql`select set_config('enable_seqscan', ${seqScans ? "on" : "off"}, true),
    set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`);
}
