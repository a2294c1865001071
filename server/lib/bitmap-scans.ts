import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * For the rest of the transaction, the planner reads tables through bitmap scans only: no
 * sequential scan, no index read in order. A search with a sort and a LIMIT otherwise tends to read
 * the sort's index until enough rows pass the filter, cheap when matches are spread evenly and
 * a read of most of the table when they sit at the other end (measured on the bench's data: 1.9 s
 * for a term in 11,111 of a million links, 180 ms for one in 11,112 of 100,000 users sorted by
 * clicks). Through the trigram index a search costs what its matches cost. Call it within a
 * transaction: outside one it would hold for the connection.
 */
export async function onlyBitmapScans(tx: Pick<Db, "execute">): Promise<void> {
  await tx.execute(sql`select set_config('enable_seqscan', 'off', true),
    set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`);
}
