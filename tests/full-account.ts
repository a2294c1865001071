import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../db/client";
import {
  authTokens,
  billingEvents,
  clickDaily,
  clickDailyUser,
  clickEvents,
  linkPages,
  links,
  sessions,
  shortenedUrls,
  subscriptionPlans,
  transactions,
  userSubscriptions,
  users,
} from "../db/schema";
import { issueToken } from "../server/modules/auth/auth-tokens";
import { PNG_DATA_URL, subscribeUser } from "./factories";
import { BROWSER_USER_AGENT, type TestContext } from "./test-app";

// An account with every kind of data, and the count of its rows in every table: what the tests of
// an account's deletion (by its owner, by an administrator) delete and check is gone.

let sequence = 0;
const unique = () => `full${Date.now().toString(36)}${(++sequence).toString(36)}p${process.pid}`;
let address = 0;
/** Each call from an address of its own: the routes' per-address limits are not under test. */
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${address % 250}`;

/**
 * A Business subscriber made through the API as they would make it: a profile photo, a Link Bio
 * page with its image (both files in `dataDir`) and a link, a short link, a real click on each,
 * an approved Pro payment with its billing event and the payer's details, and an e-mail token.
 */
export async function createFullAccount(t: TestContext, dataDir: string) {
  const { user, cookie } = await t.signIn();
  const call = (method: "POST" | "PUT", url: string, payload: object) =>
    t.request({ method, url, cookie, payload, remoteAddress: nextAddress() });
  await subscribeUser(t.database.db, user.id, "Business");
  const photo = await call("PUT", "/api/user/photo", { profile_picture_url: PNG_DATA_URL });
  expect(photo.statusCode, photo.body).toBe(200);
  const page = await call("POST", "/api/link-pages", {
    slug: unique(),
    title: "Ana",
    profile_image_url: PNG_DATA_URL,
  });
  expect(page.statusCode, page.body).toBe(201);
  const pageBody = page.json<{ id: number; slug: string; profile_image_url: string }>();
  const button = await call("POST", `/api/link-pages/${pageBody.id}/links`, {
    title: "Instagram",
    url: "https://instagram.com/ana",
  });
  expect(button.statusCode).toBe(201);
  const short = await call("POST", "/api/shortened-urls", { original_url: "https://exemplo.com.br/destino" });
  expect(short.statusCode).toBe(201);
  const code = short.json<{ short_code: string }>().short_code;
  // Real clicks: events, both rollups and the click counts.
  await t.request({ method: "GET", url: `/s/${code}`, headers: { "user-agent": BROWSER_USER_AGENT } });
  await t.request({
    method: "POST",
    url: "/api/track-link-click",
    headers: { "user-agent": BROWSER_USER_AGENT },
    payload: { link_id: button.json<{ id: number }>().id },
  });
  await t.app.clicks.flush();
  const [plan] = await t.database.db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.name, "Pro"));
  const [payment] = await t.database.db
    .insert(transactions)
    .values({
      userId: user.id,
      planId: plan!.id,
      planName: "Pro",
      transactionType: "subscription",
      status: "approved",
      amountCents: 1990,
      provider: "mercadopago",
      providerPaymentId: unique(),
      paymentMethod: "boleto",
      paymentDetails: {
        boleto_barcode: "23793381286000000000000000000000000000000000",
        boleto_number: "23793.38128 60000.000000 00000.000000 0 00000000000000",
        boleto_url: "https://www.mercadopago.com.br/payments/1/ticket?caller_id=2&hash=abc",
        boleto_due_date: "2026-12-01",
        pix_copy_paste: "00020126580014br.gov.bcb.pix",
        pix_qr_code: "data:image/png;base64,AAAA",
        processor_response: "accredited",
      },
      approvedAt: new Date("2026-11-01T12:00:00Z"),
      subscriptionStart: new Date("2026-11-01T12:00:00Z"),
      subscriptionEnd: new Date("2026-12-01T12:00:00Z"),
    })
    .returning();
  await t.database.db
    .insert(billingEvents)
    .values({ userId: user.id, transactionId: payment!.id, kind: "transaction.approved", cause: "webhook" });
  await issueToken(t.database.db, user.id, "email_verification", 60_000);
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return {
    user: row!,
    cookie,
    code,
    page: pageBody,
    payment: payment!,
    files: [row!.profilePictureUrl!, pageBody.profile_image_url].map((url) => path.join(dataDir, url)),
  };
}

/** The user's rows in every table that holds them (each table of db/schema that references users.id). */
export async function countUserRows(db: Db, userId: number) {
  const pageIds = (
    await db.select({ id: linkPages.id }).from(linkPages).where(eq(linkPages.userId, userId))
  ).map((row) => row.id);
  return {
    users: await db.$count(users, eq(users.id, userId)),
    sessions: await db.$count(sessions, eq(sessions.userId, userId)),
    auth_tokens: await db.$count(authTokens, eq(authTokens.userId, userId)),
    link_pages: pageIds.length,
    links: pageIds.length ? await db.$count(links, inArray(links.linkPageId, pageIds)) : 0,
    shortened_urls: await db.$count(shortenedUrls, eq(shortenedUrls.userId, userId)),
    click_events: await db.$count(clickEvents, eq(clickEvents.userId, userId)),
    click_daily: await db.$count(clickDaily, eq(clickDaily.userId, userId)),
    click_daily_user: await db.$count(clickDailyUser, eq(clickDailyUser.userId, userId)),
    user_subscriptions: await db.$count(userSubscriptions, eq(userSubscriptions.userId, userId)),
    transactions: await db.$count(transactions, eq(transactions.userId, userId)),
    billing_events: await db.$count(billingEvents, eq(billingEvents.userId, userId)),
  };
}
