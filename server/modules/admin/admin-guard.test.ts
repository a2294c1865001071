import { describe, expect, it } from "vitest";
import { FORBIDDEN, UNAUTHENTICATED } from "../../../common/contract/errors";
import { setupTestApp } from "../../../tests/test-app";

// Generated from the route table, not a hand list: a new /api/admin route outside the admin scope
// (so without its guard) fails here.
const t = setupTestApp();

const adminRoutes = () =>
  t.app.routeTable
    .filter((route) => route.url.startsWith("/api/admin") && route.method !== "HEAD")
    .map((route) => ({ method: route.method, url: route.url.replace(/:[A-Za-z]+/g, "1") }));

describe("every /api/admin route", () => {
  it("is registered (the table is read)", () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(6);
  });

  it("answers 401 to a visitor and 403 to a signed-in user who is not an administrator", async () => {
    const { cookie } = await t.signIn();
    const deactivatedAdmin = await t.signIn({ isAdmin: true, isActive: false });
    for (const route of adminRoutes()) {
      const send = (who: string) =>
        t.request({
          method: route.method as "GET",
          url: route.url,
          cookie: who,
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
        });
      const visitor = await send("");
      expect(visitor.statusCode, `${route.method} ${route.url} as a visitor`).toBe(401);
      expect(visitor.json().error).toBe(UNAUTHENTICATED);
      const user = await send(cookie);
      expect(user.statusCode, `${route.method} ${route.url} as a user`).toBe(403);
      expect(user.json().error).toBe(FORBIDDEN);
      expect(
        (await send(deactivatedAdmin.cookie)).statusCode,
        `${route.method} ${route.url} inactive admin`,
      ).toBe(401);
    }
  });
});
