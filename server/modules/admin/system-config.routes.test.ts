import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, type AdminSetupStatus, type SystemConfig } from "../../../common/contract/admin";
import { auditLog, subscriptionPlans } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";
import { countFreeUsers } from "../auth/registration-policy";
import { setupStatus } from "./system-config.routes";

const t = setupTestApp();
let n = 0;
const register = (email = `novo-${Date.now()}-${++n}@exemplo.com.br`) =>
  t.request({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password: "senha-segura-123", first_name: "Nova" },
    remoteAddress: `10.8.0.${n % 250}`,
  });
const put = (cookie: string, payload: object) =>
  t.request({ method: "PUT", url: "/api/admin/system-config", cookie, payload });
async function admin() {
  return t.signIn({ isAdmin: true });
}
/** The settings of a new installation. */
const DEFAULTS: SystemConfig = {
  maintenance_mode: false,
  registration_enabled: true,
  default_plan_id: null,
  max_free_users: 1000,
  platform_fee_percentage: 5,
  block_other_shorteners: false,
};
// Each test starts from the defaults, put back by an administrator of the test's own.
const reset = async () => t.app.settings.update(DEFAULTS, (await admin()).user);
afterEach(reset);

describe("GET and PUT /api/admin/system-config", () => {
  it("answers the stored settings and changes only what is sent, with an audit line", async () => {
    const { user, cookie } = await admin();
    const read = await t.request({ method: "GET", url: "/api/admin/system-config", cookie });
    expect(read.json<SystemConfig>()).toEqual(DEFAULTS);
    const changed = await put(cookie, { platform_fee_percentage: 7.5, max_free_users: "" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      platform_fee_percentage: 7.5,
      max_free_users: null,
      registration_enabled: true,
      message: ADMIN_MESSAGES.settingsUpdated,
    });
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.update"), eq(auditLog.actorId, user.id)));
    expect(line!.before).toMatchObject({ platform_fee_percentage: 5, max_free_users: 1000 });
    expect(line!.after).toMatchObject({ platform_fee_percentage: 7.5, max_free_users: null });
  });

  it("refuses bad values in pt-BR and changes nothing", async () => {
    const { cookie } = await admin();
    for (const payload of [
      { platform_fee_percentage: 101 },
      { max_free_users: -1 },
      { maintenance_mode: "sim" },
    ]) {
      const response = await put(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    const [hidden] = await t.database.db
      .insert(subscriptionPlans)
      .values({ name: `Inativo ${Date.now()}`, priceCents: 100, isActive: false })
      .returning();
    const inactive = await put(cookie, { default_plan_id: hidden!.id });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error).toBe(ADMIN_MESSAGES.defaultPlanInvalid);
    expect(t.app.settings.get().platform_fee_percentage).toBe(5);
  });
});

describe("maintenance mode", () => {
  it("answers non-admins 503 on the API while visitors, sign-in and the administrator keep working", async () => {
    const owner = await t.signIn();
    const link = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      cookie: owner.cookie,
      payload: { original_url: "https://exemplo.com.br/manutencao" },
    });
    const { cookie } = await admin();
    expect((await put(cookie, { maintenance_mode: true })).statusCode).toBe(200);

    const refused = await t.request({ method: "GET", url: "/api/shortened-urls", cookie: owner.cookie });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe(ADMIN_MESSAGES.maintenance);
    // An encoded path is routed like the plain one, and refused like it.
    const encoded = await t.request({ method: "GET", url: "/%61pi/shortened-urls", cookie: owner.cookie });
    expect(encoded.statusCode).toBe(503);
    expect((await register()).statusCode).toBe(503);
    expect((await t.request({ method: "GET", url: "/api/shortened-urls", cookie })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/system/status" })).json()).toEqual({
      maintenance_mode: true,
      registration_enabled: true,
      google_enabled: false,
      // The tests run outside production without MP_ACCESS_TOKEN: the dev checkout sells.
      payments_enabled: true,
    });
    expect((await t.request({ method: "GET", url: "/api/auth/me", cookie: owner.cookie })).statusCode).toBe(
      200,
    );
    expect((await t.request({ method: "GET", url: `/s/${link.json().short_code}` })).statusCode).toBe(302);

    await put(cookie, { maintenance_mode: false });
    expect(
      (await t.request({ method: "GET", url: "/api/shortened-urls", cookie: owner.cookie })).statusCode,
    ).toBe(200);
  });
});

describe("registration rules", () => {
  it("refuses new accounts while registrations are closed", async () => {
    const { cookie } = await admin();
    await put(cookie, { registration_enabled: false });
    const refused = await register();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, message: ADMIN_MESSAGES.registrationClosed });
    expect((await t.request({ method: "GET", url: "/api/system/status" })).json().registration_enabled).toBe(
      false,
    );
  });

  it("caps accounts on the free plan at max_free_users", async () => {
    const { cookie } = await admin();
    await put(cookie, { max_free_users: await countFreeUsers(t.database.db) });
    const refused = await register();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_MESSAGES.freeUsersFull);
    await put(cookie, { max_free_users: null });
    expect((await register()).statusCode).toBe(201);
  });

  it("gives new users the default plan", async () => {
    const { cookie } = await admin();
    const [pro] = await t.database.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, "Pro"));
    await put(cookie, { default_plan_id: pro!.id });
    const created = await register();
    expect(created.statusCode).toBe(201);
    const session = String(created.headers["set-cookie"]).split(";")[0]!;
    const subscription = await t.request({ method: "GET", url: "/api/user/subscription", cookie: session });
    expect(subscription.json()).toMatchObject({ status: "active", expires_at: null, plan: { name: "Pro" } });
  });
});

describe("GET /api/admin/setup-status", () => {
  it("tells the administrator which integrations this server has, as states only", async () => {
    const { cookie } = await admin();
    const response = await t.request({ method: "GET", url: "/api/admin/setup-status", cookie });
    expect(response.statusCode).toBe(200);
    // The test server: the dev checkout, mail to the outbox, http://localhost, no Google.
    expect(response.json<AdminSetupStatus>()).toEqual({
      payments: "dev",
      email: "outbox",
      https: false,
      google: false,
    });
  });

  it("says configured for Mercado Pago, SMTP, an https public address and Google, never their values", () => {
    const configured = setupStatus(
      {
        publicUrl: "https://atalho.exemplo.com.br",
        smtpUrl: "smtps://usuario:segredo@smtp.exemplo.com.br:465",
        google: { clientId: "id", clientSecret: "segredo-google", issuer: "https://accounts.google.com" },
      },
      { name: "mercadopago" },
    );
    expect(configured).toEqual({ payments: "mercadopago", email: "smtp", https: true, google: true });
    expect(JSON.stringify(configured)).not.toContain("segredo");
    // https on a loopback name is not a public address; no provider at all is 'none'.
    for (const publicUrl of ["https://localhost:3000", "https://127.0.0.1", "https://[::1]:8443"]) {
      expect(setupStatus({ publicUrl }, null)).toMatchObject({ https: false, payments: "none" });
    }
  });
});
