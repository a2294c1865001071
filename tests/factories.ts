import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { planDomains, shortenedUrls, subscriptionPlans, userSubscriptions, users } from "../db/schema";
import { hashPassword } from "../server/modules/auth/auth.service";

let sequence = 0;
// One hash for every factory user: argon2 is slow on purpose.
let passwordHash: Promise<string> | undefined;
export const FACTORY_PASSWORD = "senha-segura-123";
/** A real 1x1 PNG: its bytes in base64, and as the data URL a form uploads. */
export const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  sequence++;
  const [user] = await db
    .insert(users)
    .values({
      email: `pessoa${sequence}-${process.pid}-${Date.now()}@exemplo.com.br`,
      passwordHash: await passwordHash,
      firstName: `Pessoa${sequence}`,
      // Verified, like every account at the e-mail verification's migration; tests of unverified
      // accounts pass emailVerifiedAt: null.
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return user!;
}

/** Puts a user on a seeded plan by name (an active subscription for a month, or endless). */
export async function subscribeUser(
  db: Db,
  userId: number,
  planName: "Gratuito" | "Pro" | "Business" | "Enterprise",
  overrides: Partial<typeof userSubscriptions.$inferInsert> = {},
) {
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, planName));
  const [subscription] = await db
    .insert(userSubscriptions)
    .values({
      userId,
      planId: plan!.id,
      status: "active",
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
      ...overrides,
    })
    .returning();
  return { plan: plan!, subscription: subscription! };
}

/** Makes a custom domain available to a seeded plan (the registry must reload after). */
export async function allowDomainOnPlan(db: Db, planName: string, domainId: number) {
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, planName));
  await db.insert(planDomains).values({ planId: plan!.id, domainId }).onConflictDoNothing();
}

type NewShortLink = typeof shortenedUrls.$inferInsert;

/** A short link written straight into the table (no API, no plan limit), with a code of its own. */
export async function createShortLink(
  db: Db,
  values: Pick<NewShortLink, "userId" | "domainId"> & Partial<NewShortLink>,
) {
  sequence++;
  const [row] = await db
    .insert(shortenedUrls)
    .values({
      shortCode: `f${sequence}-${process.pid}-${Date.now().toString(36)}`,
      originalUrl: "https://exemplo.com.br",
      ...values,
    })
    .returning();
  return row!;
}

/**
 * The user's short links titled `${title} n` for n from `from` to `to`, a millisecond apart (the
 * oldest first), to https://{host}/n, inserted in SQL: tens of thousands through the API would
 * take minutes.
 */
export async function insertShortLinks(
  db: Db,
  link: { userId: number; domainId: number; from: number; to: number; title: string; host?: string },
) {
  const { userId, domainId, from, to, title, host = "links.com.br" } = link;
  await db.execute(sql`
    insert into shortened_urls (user_id, domain_id, short_code, original_url, title, created_at)
    select ${userId}, ${domainId}, 'f-' || ${userId} || '-' || n, ${`https://${host}/`} || n,
           ${title} || ' ' || n, now() - interval '1 hour' + n * interval '1 ms'
    from generate_series(${from}::int, ${to}::int) n`);
}
