import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RANDOM_CODE_ALPHABET } from "../../../common/contract/shortened-urls";
import { shortenedUrls } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";
import { insertUnlessCodeTaken } from "./shortened-urls.queries";
import { createShortenedUrl, randomCode } from "./shortened-urls.service";

const t = setupTestApp();

describe("randomCode", () => {
  it("draws 7 characters from the unambiguous alphabet, all of it", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = randomCode();
      expect(code).toMatch(/^[2-9A-HJ-NP-Za-km-z]{7}$/);
      for (const char of code) seen.add(char);
    }
    expect(seen.size).toBe(RANDOM_CODE_ALPHABET.length);
  });
});

describe("createShortenedUrl", () => {
  it("gives 200 simultaneous creations 200 different codes", async () => {
    const { user } = await t.signIn();
    const rows = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        createShortenedUrl(t.database.db, {
          userId: user.id,
          domainId: t.app.domains.default.id,
          originalUrl: `https://exemplo.com.br/${i}`,
          title: null,
          customCode: null,
          expiresAt: null,
        }),
      ),
    );
    expect(new Set(rows.map((row) => row.shortCode)).size).toBe(200);
    expect(await t.database.db.$count(shortenedUrls, eq(shortenedUrls.userId, user.id))).toBe(200);
  });

  it("reports a taken code as null instead of failing, so a random code is drawn again", async () => {
    const { user } = await t.signIn();
    const values = {
      userId: user.id,
      domainId: t.app.domains.default.id,
      originalUrl: "https://exemplo.com.br",
      shortCode: `dup${Date.now()}`,
    };
    expect(await insertUnlessCodeTaken(t.database.db, values)).toMatchObject({ shortCode: values.shortCode });
    expect(await insertUnlessCodeTaken(t.database.db, values)).toBeNull();
  });
});
