// Notifications: the devices API (subscribe, list, unsubscribe, the limit), the e-mail choice for
// new leads, and pushes delivered to a fake Web Push service on loopback that checks each one's
// VAPID signature and decrypts its payload with the test device's own keys, as a browser would.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NOTIFICATION_MESSAGES,
  type NotificationSettings,
  PUSH_DEVICES_MAX,
  type PushPayload,
} from "../../../common/contract/notifications";
import { addDays, dayOf, startOfDayInZone } from "../../../common/time";
import { consentTexts, leads, linkPages, linkReports, links, pushSubscriptions } from "../../../db/schema";
import { createShortLink, subscribeUser } from "../../../tests/factories";
import {
  type FakePushService,
  type FakeSubscription,
  startFakePushService,
} from "../../../tests/fakes/push-service";
import { mailsTo } from "../../../tests/outbox";
import {
  BROWSER_USER_AGENT,
  setupAdmin,
  setupTestApp,
  startApp,
  TEST_PUBLIC_URL,
  testConfig,
} from "../../../tests/test-app";
import { loadConfig } from "../../env";
import { devCheckoutCustomer } from "../billing/dev-checkout.fixtures";
import { leadCreated } from "../leads/lead-created";
import { sendLeadDigests } from "./lead-mails";
import { notificationsSettled, notifyUser } from "./notify";
import { notifyEndingSubscriptions } from "./subscription-ending";
import { VAPID_FILE, vapidDetails } from "./vapid-keys";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-push-"));
const t = setupTestApp({ dataDir, push: { ...testConfig().push, allowLoopback: true } });
const { send: asAdmin } = setupAdmin(t);
const db = () => t.database.db;
const outbox = path.join(dataDir, "outbox");
const HOUR = 3_600_000;

let service: FakePushService;
beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(async () => {
  await service?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36";

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.request({
    method,
    url,
    cookie,
    ...(payload ? { payload } : {}),
    headers: { "user-agent": CHROME_ANDROID },
  });

/** What the profile does: read the key, subscribe this "browser" with it, send the subscription. */
async function turnOnPush(cookie: string, label?: string): Promise<FakeSubscription> {
  const key = await call("GET", "/api/notifications/push-key", cookie);
  expect(key.statusCode).toBe(200);
  const subscription = service.subscribe(key.json<{ public_key: string }>().public_key);
  const saved = await call("POST", "/api/notifications/devices", cookie, { ...subscription, label });
  expect(saved.statusCode, saved.body).toBe(201);
  return subscription;
}

const settings = async (cookie: string) =>
  (await call("GET", "/api/notifications", cookie)).json<NotificationSettings>();

const devicesOf = (userId: number) =>
  db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/** A page of the user's and a contact its form received, as the form's route stores them. */
async function insertLead(
  userId: number,
  answers: { name?: string; email?: string; phone?: string; at?: Date },
) {
  const [page] = await db()
    .insert(linkPages)
    .values({
      userId,
      domainId: t.app.domains.default.id,
      slug: `p${Date.now()}${Math.random()}`.replace(".", ""),
      title: "Doces da Ana",
    })
    .returning();
  const text = "Concordo em enviar meus dados.";
  const [consent] = await db()
    .insert(consentTexts)
    .values({ userId, text, sha256: createHash("sha256").update(text).digest("hex") })
    .onConflictDoUpdate({ target: [consentTexts.userId, consentTexts.sha256], set: { text } })
    .returning();
  const at = answers.at ?? new Date();
  const [lead] = await db()
    .insert(leads)
    .values({
      userId,
      linkPageId: page!.id,
      name: answers.name ?? null,
      email: answers.email ?? null,
      phone: answers.phone ?? null,
      createdAt: at,
      consentAt: at,
      consentTextId: consent!.id,
    })
    .returning();
  return { lead: lead!, page: { id: page!.id, title: page!.title, slug: page!.slug } };
}

describe("the push key", () => {
  it("is the server's VAPID public key, generated once into DATA_DIR (0600) and the same for every process", async () => {
    const { cookie } = await t.signIn();
    expect((await t.request({ method: "GET", url: "/api/notifications/push-key" })).statusCode).toBe(401);
    const first = (await call("GET", "/api/notifications/push-key", cookie)).json<{ public_key: string }>();
    expect(Buffer.from(first.public_key, "base64url")).toHaveLength(65);
    const file = path.join(dataDir, VAPID_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).publicKey).toBe(first.public_key);
    // Another process on the same DATA_DIR reads the pair rather than making its own.
    const other = await startApp(t.database, { dataDir });
    try {
      const again = await other.inject({
        method: "GET",
        url: "/api/notifications/push-key",
        headers: { cookie },
      });
      expect(again.json()).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it("comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when they are set", async () => {
    const keys = { publicKey: `B${"A".repeat(86)}`, privateKey: "A".repeat(43) };
    const config = {
      ...testConfig(),
      dataDir: "/nonexistent",
      push: { ...testConfig().push, vapidKeys: keys },
    };
    expect(await vapidDetails({ config, log: t.app.log })).toMatchObject(keys);
  });
});

describe("the VAPID configuration", () => {
  it("takes both keys or neither, of the right sizes, and a mailto: or https: subject", () => {
    const pair = { VAPID_PUBLIC_KEY: `B${"A".repeat(86)}`, VAPID_PRIVATE_KEY: "A".repeat(43) };
    expect(
      loadConfig({ NODE_ENV: "test", ...pair, VAPID_SUBJECT: "https://atalho.com.br/contato" }).push,
    ).toMatchObject({
      vapidKeys: { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY },
      subject: "https://atalho.com.br/contato",
    });
    expect(loadConfig({ NODE_ENV: "test", ADMIN_EMAIL: "Dona@Exemplo.com.br" }).push.subject).toBe(
      "mailto:dona@exemplo.com.br",
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both/,
    );
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: "abc" })).toThrow(
      /VAPID_PUBLIC_KEY: must be a P-256 public key/,
    );
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: "a+b/" })).toThrow(
      /VAPID_PRIVATE_KEY: must be a P-256 private key/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "http://atalho.com.br" })).toThrow(/VAPID_SUBJECT/);
  });
});

describe("devices", () => {
  it("turns push on for this browser, lists it by name, and renews it when it subscribes again", async () => {
    const { user, cookie } = await t.signIn();
    const subscription = await turnOnPush(cookie);
    const listed = await settings(cookie);
    expect(listed.devices).toEqual([
      { id: expect.any(Number), label: "Chrome no Android", created_at: expect.any(String) },
    ]);
    // The same endpoint again (new keys after the browser renewed them): the one device, updated.
    const renewed = {
      ...subscription,
      keys: { ...subscription.keys, auth: "bm92by1zZWdyZWRv" },
      label: "Meu celular",
    };
    const again = await call("POST", "/api/notifications/devices", cookie, renewed);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: listed.devices[0]!.id, label: "Meu celular" });
    expect(await devicesOf(user.id)).toMatchObject([{ auth: "bm92by1zZWdyZWRv" }]);
  });

  it("refuses what is no browser's subscription (400, pt-BR), an API key (403) and another site (403)", async () => {
    const { cookie } = await t.signIn();
    const keys = {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    };
    for (const body of [
      { endpoint: "http://push.example.com/abc", keys },
      { endpoint: "ftp://push.example.com/abc", keys },
      { endpoint: "https://push.example.com/abc" },
      {},
    ]) {
      const refused = await call("POST", "/api/notifications/devices", cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error).toBe(NOTIFICATION_MESSAGES.subscriptionInvalid);
    }
    const byKey = await t.request({
      method: "GET",
      url: "/api/notifications",
      headers: { authorization: "Bearer atk_0000000000000000000000000000000000000000" },
    });
    expect(byKey.statusCode).toBe(403);
    const crossSite = await t.request({
      method: "POST",
      url: "/api/notifications/devices",
      cookie,
      headers: { origin: "https://outro.example" },
      payload: { endpoint: "https://push.example.com/abc", keys },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it(`allows ${PUSH_DEVICES_MAX} devices; the next one is refused with the limit's message until one is off`, async () => {
    const { user, cookie } = await t.signIn();
    const subscriptions: FakeSubscription[] = [];
    for (let i = 0; i < PUSH_DEVICES_MAX; i++) subscriptions.push(await turnOnPush(cookie));
    const key = (await call("GET", "/api/notifications/push-key", cookie)).json<{ public_key: string }>()
      .public_key;
    const extra = service.subscribe(key);
    const refused = await call("POST", "/api/notifications/devices", cookie, extra);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(NOTIFICATION_MESSAGES.devicesMax);
    // One already on may subscribe again at the limit.
    expect((await call("POST", "/api/notifications/devices", cookie, subscriptions[3]!)).statusCode).toBe(
      200,
    );
    const off = await call("DELETE", "/api/notifications/devices", cookie, {
      endpoint: subscriptions[0]!.endpoint,
    });
    expect(off.json()).toEqual({ message: NOTIFICATION_MESSAGES.unsubscribed });
    expect((await call("POST", "/api/notifications/devices", cookie, extra)).statusCode).toBe(201);
    expect(await devicesOf(user.id)).toHaveLength(PUSH_DEVICES_MAX);
  });

  it("turns off only one's own device; a browser signed in to another account moves to it", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const subscription = await turnOnPush(owner.cookie);
    const notTheirs = await call("DELETE", "/api/notifications/devices", other.cookie, {
      endpoint: subscription.endpoint,
    });
    expect(notTheirs.statusCode).toBe(200);
    expect(await devicesOf(owner.user.id)).toHaveLength(1);
    // The same browser, now signed in as the other account, turns push on: the device is theirs.
    expect((await call("POST", "/api/notifications/devices", other.cookie, subscription)).statusCode).toBe(
      201,
    );
    expect(await devicesOf(owner.user.id)).toHaveLength(0);
    expect(await devicesOf(other.user.id)).toHaveLength(1);
    expect(
      (await call("DELETE", "/api/notifications/devices", other.cookie, { endpoint: subscription.endpoint }))
        .statusCode,
    ).toBe(200);
    expect(await devicesOf(other.user.id)).toHaveLength(0);
  });
});

describe("lead e-mail", () => {
  it("is off by default, and set to each or daily (anything else: 400 in pt-BR)", async () => {
    const { cookie } = await t.signIn();
    expect(await settings(cookie)).toEqual({ lead_mail: "off", devices: [] });
    const saved = await call("PUT", "/api/notifications", cookie, { lead_mail: "daily" });
    expect(saved.json()).toEqual({ lead_mail: "daily", devices: [] });
    expect((await settings(cookie)).lead_mail).toBe("daily");
    const refused = await call("PUT", "/api/notifications", cookie, { lead_mail: "weekly" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(NOTIFICATION_MESSAGES.leadMailInvalid);
    expect(
      (await t.request({ method: "PUT", url: "/api/notifications", payload: { lead_mail: "off" } }))
        .statusCode,
    ).toBe(401);
  });
});

describe("pushes", () => {
  it("reach every device of the user, signed with VAPID and encrypted for each device", async () => {
    const { user, cookie } = await t.signIn();
    const phone = await turnOnPush(cookie);
    const laptop = await turnOnPush(cookie);
    const payload: PushPayload = { title: "Olá", body: "Um teste ção ✓", url: "/dashboard", tag: "test" };
    notifyUser(t.app, user.id, payload);
    for (const device of [phone, laptop]) {
      const push = await service.next(device.endpoint);
      expect(push.payload).toEqual(payload);
      expect(push.claims).toMatchObject({ aud: service.origin, sub: expect.stringMatching(/^mailto:/) });
      expect(push.headers).toMatchObject({
        "content-encoding": "aes128gcm",
        ttl: "86400",
        urgency: "normal",
        topic: "test",
      });
    }
    expect(service.refused).toEqual([]);
  });

  it("drop a device the push service says is gone (410) and keep one that failed (500)", async () => {
    const { user, cookie } = await t.signIn();
    const gone = await turnOnPush(cookie);
    const failing = await turnOnPush(cookie);
    const fine = await turnOnPush(cookie);
    service.unsubscribe(gone.endpoint);
    service.answerWith(failing.endpoint, 500);
    notifyUser(t.app, user.id, { title: "Oi", body: "", url: "/dashboard" });
    await service.next(fine.endpoint);
    await notificationsSettled(t.app.db);
    expect((await devicesOf(user.id)).map((device) => device.endpoint).sort()).toEqual(
      [failing.endpoint, fine.endpoint].sort(),
    );
  });

  it("a new lead: to its owner's devices only, with the contact; past the limit, the plans instead", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const ownerDevice = await turnOnPush(owner.cookie);
    const strangerDevice = await turnOnPush(stranger.cookie);
    const created = await insertLead(owner.user.id, {
      name: "Maria Souza",
      email: "maria@exemplo.com.br",
      phone: "+5511987654321",
    });
    leadCreated(t.app, { ...created, overLimit: false });
    expect((await service.next(ownerDevice.endpoint)).payload).toEqual({
      title: "Novo contato em Doces da Ana",
      body: "Maria Souza · maria@exemplo.com.br · +5511987654321",
      url: "/contacts",
      tag: `lead-${created.lead.id}`,
    });
    const over = await insertLead(owner.user.id, { email: "joao@exemplo.com.br" });
    leadCreated(t.app, { ...over, overLimit: true });
    const push = await service.next(ownerDevice.endpoint);
    expect(push.payload).toMatchObject({ title: "Novo contato em Doces da Ana", url: "/pricing" });
    expect(JSON.stringify(push.payload)).not.toContain("joao");
    await notificationsSettled(t.app.db);
    expect(service.received.filter((p) => p.endpoint === strangerDevice.endpoint)).toEqual([]);
  });

  it("a visitor's contact sent through the page's form, to the owner", async () => {
    const owner = await t.signIn();
    const device = await turnOnPush(owner.cookie);
    const slug = `bolos-${process.pid}-${Date.now()}`;
    const page = await call("POST", "/api/link-pages", owner.cookie, { slug, title: "Bolos da Bia" });
    expect(page.statusCode, page.body).toBe(201);
    const form = await call("POST", `/api/link-pages/${page.json().id}/blocks`, owner.cookie, {
      type: "form",
      data: { fields: ["name", "whatsapp"], title: "Fale comigo" },
    });
    expect(form.statusCode, form.body).toBe(201);
    const sent = await t.request({
      method: "POST",
      url: `/p/${slug}/leads`,
      remoteAddress: "10.37.200.1",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": BROWSER_USER_AGENT,
        origin: TEST_PUBLIC_URL,
      },
      payload: new URLSearchParams({
        block_id: String(form.json().id),
        name: "Bia",
        whatsapp: "(11) 98765-4321",
        consent: "on",
        website: "",
      }).toString(),
    });
    expect(sent.statusCode, sent.body).toBe(303);
    expect((await service.next(device.endpoint)).payload).toMatchObject({
      title: "Novo contato em Bolos da Bia",
      body: "Bia · +5511987654321",
      url: "/contacts",
    });
  });

  it("a payment approved or refused, to the payer's devices", async () => {
    const { cookie } = await t.signIn();
    const device = await turnOnPush(cookie);
    const { pay } = devCheckoutCustomer(t);
    await pay(cookie, "Business", "rejected");
    expect((await service.next(device.endpoint)).payload).toMatchObject({
      title: "Pagamento recusado",
      body: expect.stringContaining("Business"),
      url: "/subscription",
    });
    await pay(cookie, "Pro", "approved");
    expect((await service.next(device.endpoint)).payload).toMatchObject({
      title: "Pagamento aprovado",
      body: expect.stringMatching(/^Seu plano Pro está garantido até \d\d\/\d\d\/\d{4}\. Obrigado!$/),
      url: "/subscription",
    });
  });

  it("a paid plan ending in 3 days with nothing after it, once that day", async () => {
    const ending = await t.signIn();
    const later = await t.signIn();
    const now = new Date(startOfDayInZone(dayOf(new Date())).getTime() + 11 * HOUR);
    const inThreeDays = new Date(startOfDayInZone(addDays(dayOf(now), 3)).getTime() + 15 * HOUR);
    await subscribeUser(db(), ending.user.id, "Pro", { expiresAt: inThreeDays, status: "canceled" });
    await subscribeUser(db(), later.user.id, "Pro", {
      expiresAt: new Date(inThreeDays.getTime() + 24 * HOUR),
    });
    const endingDevice = await turnOnPush(ending.cookie);
    const laterDevice = await turnOnPush(later.cookie);
    expect((await notifyEndingSubscriptions(t.app, now)).notified).toBeGreaterThanOrEqual(1);
    expect((await service.next(endingDevice.endpoint)).payload).toMatchObject({
      title: "Sua assinatura está terminando",
      body: expect.stringContaining("não será renovado"),
      url: "/subscription",
    });
    expect(await notifyEndingSubscriptions(t.app, new Date(now.getTime() + HOUR))).toEqual({ notified: 0 });
    await notificationsSettled(t.app.db);
    expect(service.received.filter((p) => p.endpoint === laterDevice.endpoint)).toEqual([]);
  });

  it("a domain the administrator blocks, to the owners of links to it", async () => {
    const owner = await t.signIn();
    const bystander = await t.signIn();
    const domain = `golpe-${Date.now()}.example`;
    await createShortLink(db(), {
      userId: owner.user.id,
      domainId: t.app.domains.default.id,
      originalUrl: `https://www.${domain}/pix?x=1`,
    });
    await createShortLink(db(), {
      userId: bystander.user.id,
      domainId: t.app.domains.default.id,
      originalUrl: `https://not${domain}/`,
    });
    // A Link Bio button to it, on another owner's page.
    const pageOwner = await t.signIn();
    const { page } = await insertLead(pageOwner.user.id, { email: "x@exemplo.com.br" });
    await db()
      .insert(links)
      .values({
        linkPageId: page.id,
        type: "link",
        title: "Pix",
        url: `https://${domain.toUpperCase()}:443/`,
      });
    const ownerDevice = await turnOnPush(owner.cookie);
    const pageOwnerDevice = await turnOnPush(pageOwner.cookie);
    const bystanderDevice = await turnOnPush(bystander.cookie);
    expect(
      (await asAdmin("POST", "/api/admin/blocked-domains", { domain, reason: "Phishing" })).statusCode,
    ).toBe(201);
    expect((await service.next(ownerDevice.endpoint)).payload).toMatchObject({
      title: "Link bloqueado",
      body: expect.stringContaining(domain),
      url: "/url-shortener",
    });
    expect((await service.next(pageOwnerDevice.endpoint)).payload).toMatchObject({
      title: "Link bloqueado",
      url: "/link-pages",
    });
    await notificationsSettled(t.app.db);
    expect(service.received.filter((p) => p.endpoint === bystanderDevice.endpoint)).toEqual([]);
  });

  it("a reported link the administrator deletes, to its owner", async () => {
    const owner = await t.signIn();
    const link = await createShortLink(db(), { userId: owner.user.id, domainId: t.app.domains.default.id });
    const [report] = await db()
      .insert(linkReports)
      .values({
        url: `http://localhost:3000/s/${link.shortCode}`,
        shortUrlId: link.id,
        reason: "phishing",
        reporterHash: "x",
      })
      .returning();
    const device = await turnOnPush(owner.cookie);
    expect((await asAdmin("POST", `/api/admin/link-reports/${report!.id}/delete-link`)).statusCode).toBe(200);
    expect((await service.next(device.endpoint)).payload).toMatchObject({
      title: "Link removido após denúncia",
      body: expect.stringContaining(`/s/${link.shortCode}`),
      url: "/url-shortener",
    });
  });
});

describe("lead e-mails", () => {
  it("each: a mail per new contact to a proven address, the visitor's text escaped and kept out of the subject", async () => {
    const owner = await t.signIn({ leadMail: "each" });
    const unproven = await t.signIn({ leadMail: "each", emailVerifiedAt: null });
    const created = await insertLead(owner.user.id, { name: "<b>Ze</b> & Cia", email: "ze@exemplo.com.br" });
    leadCreated(t.app, { ...created, overLimit: false });
    leadCreated(t.app, {
      ...(await insertLead(unproven.user.id, { email: "a@exemplo.com.br" })),
      overLimit: false,
    });
    await expect.poll(() => mailsTo(outbox, owner.user.email).length).toBe(1);
    await t.app.mailer.flush();
    const mail = mailsTo(outbox, owner.user.email)[0]!;
    expect(mail).toContain("Subject: Novo contato em Doces da Ana");
    const html = mail.slice(mail.indexOf("<!doctype html>"));
    expect(html).toContain("&lt;b&gt;Ze&lt;/b&gt; &amp; Cia");
    expect(html).not.toContain("<b>Ze</b>");
    expect(mail).toContain("http://localhost:3000/contacts");
    expect(mailsTo(outbox, unproven.user.email)).toEqual([]);
  });

  it("daily: yesterday's count and first contacts, once a day, after 8 h", async () => {
    const owner = await t.signIn({ leadMail: "daily" });
    const eachOwner = await t.signIn({ leadMail: "each" });
    const today = dayOf(new Date());
    const yesterdayNoon = new Date(startOfDayInZone(addDays(today, -1)).getTime() + 12 * HOUR);
    for (let i = 1; i <= 7; i++)
      await insertLead(owner.user.id, {
        name: `Contato ${i}`,
        at: new Date(yesterdayNoon.getTime() + i * 1000),
      });
    await insertLead(eachOwner.user.id, { name: "Outro", at: yesterdayNoon });
    const early = new Date(startOfDayInZone(today).getTime() + 7 * HOUR);
    expect(await sendLeadDigests(t.app, early)).toEqual({ sent: 0 });
    const morning = new Date(startOfDayInZone(today).getTime() + 9 * HOUR);
    expect((await sendLeadDigests(t.app, morning)).sent).toBeGreaterThanOrEqual(1);
    expect(await sendLeadDigests(t.app, new Date(morning.getTime() + HOUR))).toEqual({ sent: 0 });
    await t.app.mailer.flush();
    const mails = mailsTo(outbox, owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/Subject: Resumo de \d\d\/\d\d\/\d{4}: 7 novos contatos/);
    expect(mails[0]).toContain("Contato 1 (Doces da Ana)");
    expect(mails[0]).toContain("Contato 5");
    expect(mails[0]).not.toContain("Contato 6 ");
    expect(mails[0]).toContain("E mais 2 contatos.");
    expect(mailsTo(outbox, eachOwner.user.email).filter((mail) => mail.includes("Resumo"))).toEqual([]);
  });
});
