import { lt, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { authTokens, oauthStates, sessions } from "../../../db/schema/users";
import { HOUR, type ScheduledJob } from "../../lib/job-scheduler";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer be used: expired sessions, e-mail links expired or spent more than a
 * day ago (kept that long so a second click still reads "link already used"), and Google sign-ins
 * never finished. The hourly scheduled job (authPurgeJob). Returns how many rows went.
 */
export async function purgeExpiredAuthRecords(db: Db, now: Date = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY);
  const gone = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.tokenHash }),
    db
      .delete(authTokens)
      .where(or(lt(authTokens.expiresAt, dayAgo), lt(authTokens.usedAt, dayAgo)))
      .returning({ id: authTokens.id }),
    db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)).returning({ id: oauthStates.stateHash }),
  ]);
  return gone.reduce((sum, rows) => sum + rows.length, 0);
}

/** The hourly purge of expired sessions, e-mail links and unfinished Google sign-ins. */
export const authPurgeJob = (db: Db): ScheduledJob => ({
  name: "auth-purge",
  everyMs: HOUR,
  run: () => purgeExpiredAuthRecords(db),
});
