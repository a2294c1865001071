import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import type { ShortLinkTarget } from "./short-link-cache";

/**
 * Takes one redirect of a link's click limit, atomically in the database: exactly `click_limit`
 * redirects pass, however many processes answer at once. False once the limit is used up, and the
 * cached target remembers it, so an exhausted link costs no more round trips until it is changed
 * (an edit publishes on the bus and the next visit reloads it). Only links with a limit come here:
 * plain links keep their zero round trips.
 */
export async function takeLimitedClick(
  database: Pick<Database, "preparedRows">,
  target: ShortLinkTarget,
): Promise<boolean> {
  if (target.exhausted) return false;
  const [row] = await database.preparedRows<{ used: number; limit: number }>({
    name: "redirect_take_limit",
    query: sql`update shortened_urls set limit_used = limit_used + 1
      where id = ${target.id} and limit_used < click_limit
      returning limit_used as "used", click_limit as "limit"`,
  });
  if (!row) {
    target.exhausted = true;
    return false;
  }
  if (row.used >= row.limit) target.exhausted = true;
  return true;
}
