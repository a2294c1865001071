import { beforeAll, describe, expect, it } from "vitest";
import { authTokens, oauthStates, sessions } from "../../../db/schema/users";
import { createUser } from "../../../tests/factories";
import { setupTestApp } from "../../../tests/test-app";
import { purgeExpiredAuthRecords } from "./auth-purge";

const HOUR = 60 * 60 * 1000;

describe("purgeExpiredAuthRecords", () => {
  const ctx = setupTestApp();
  let userId: number;
  beforeAll(async () => {
    userId = (await createUser(ctx.app.db)).id;
  });

  it("deletes expired sessions, stale e-mail links and unfinished Google sign-ins, and keeps the rest", async () => {
    const { db } = ctx.app;
    const now = Date.now();
    const at = (offset: number) => new Date(now + offset);
    await db.insert(sessions).values([
      { tokenHash: "expired", userId, expiresAt: at(-HOUR) },
      { tokenHash: "live", userId, expiresAt: at(HOUR) },
    ]);
    await db.insert(authTokens).values([
      { userId, purpose: "password_reset", tokenHash: "old-expired", expiresAt: at(-25 * HOUR) },
      { userId, purpose: "password_reset", tokenHash: "just-expired", expiresAt: at(-HOUR) },
      {
        userId,
        purpose: "email_verification",
        tokenHash: "old-used",
        expiresAt: at(HOUR),
        usedAt: at(-25 * HOUR),
      },
      { userId, purpose: "email_verification", tokenHash: "live", expiresAt: at(HOUR) },
    ]);
    await db.insert(oauthStates).values([
      { stateHash: "expired", nonce: "n", codeVerifier: "v", intent: "login", expiresAt: at(-1000) },
      { stateHash: "live", nonce: "n", codeVerifier: "v", intent: "login", expiresAt: at(HOUR) },
    ]);

    expect(await purgeExpiredAuthRecords(db, new Date(now))).toBe(4);

    const left = {
      sessions: (await db.select().from(sessions)).map((row) => row.tokenHash),
      tokens: (await db.select().from(authTokens)).map((row) => row.tokenHash).sort(),
      states: (await db.select().from(oauthStates)).map((row) => row.stateHash),
    };
    expect(left).toEqual({ sessions: ["live"], tokens: ["just-expired", "live"], states: ["live"] });
  });
});
