// The administrator's user management (spec 2 Users, 3 User admin view, 5 user edit): the rules
// that deserve their own tests; SQL lives in admin-users.queries.ts.
import type { FastifyRequest } from "fastify";
import {
  ADMIN_MESSAGES,
  ADMIN_USERS_SEARCH_COUNT_MAX,
  type AdminUser,
  type AdminUserDetails,
  type AdminUsersPage,
  type adminUserUpdateSchema,
} from "../../../common/contract/admin";
import { dayOf, formatDateBR } from "../../../common/time";
import type { z } from "../../../common/zod";
import type { Db } from "../../../db/client";
import { type Actor, recordAudit } from "../../lib/audit-log";
import { type CsvChunks, csvDownload } from "../../lib/csv";
import { isUniqueViolation } from "../../lib/database-errors";
import { badRequest, conflict, notFound } from "../../lib/http-error";
import type { InvalidationBus } from "../../lib/invalidation-bus";
import { paging } from "../../lib/paging";
import { withoutIndexOrder } from "../../lib/without-index-order";
import { lockUserAndAdmins } from "../account/account.queries";
import { deleteAccount } from "../account/account-deletion";
import { revokeUserSessions } from "../auth/session";
import { planOf } from "../billing/entitlements";
import { userPlanChanged } from "../billing/plan-cache";
import { findFreePlan, findPlan, type PlanRow } from "../billing/plans.queries";
import {
  type AdminUserRow,
  type AdminUsersFilter,
  type AdminUsersQuery,
  countAdminUsers,
  emailTakenByAnother,
  endSubscriptionsNow,
  insertBillingEvent,
  insertGrantedSubscription,
  selectAdminUserIds,
  selectAdminUsersByIds,
  selectSignInFacts,
  type UserChanges,
  type UserRow,
  updateUserRow,
} from "./admin-users.queries";

/** What these rules need of the app (a FastifyInstance has all of it). */
export type AdminUsersApp = { db: Db; bus: InvalidationBus; config: { dataDir: string } };

type FreePlan = Pick<PlanRow, "id" | "name">;

export function toAdminUser(row: AdminUserRow, freePlan: FreePlan): AdminUser {
  const { user, subscription } = row;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    is_admin: user.isAdmin,
    is_active: user.isActive,
    created_at: user.createdAt.toISOString(),
    google_user_data: { picture: user.profilePictureUrl, given_name: user.firstName },
    // No current subscription: the free plan, which never ends.
    subscription: subscription
      ? {
          plan_id: subscription.planId,
          plan_name: subscription.planName,
          status: subscription.status,
          expires_at: subscription.expiresAt?.toISOString() ?? null,
        }
      : { plan_id: freePlan.id, plan_name: freePlan.name, status: "active", expires_at: null },
    custom_limits: {
      max_link_pages: user.customMaxLinkPages,
      max_shortened_urls: user.customMaxShortenedUrls,
      max_clicks_per_month: user.customMaxClicksPerMonth,
      max_leads_per_month: user.customMaxLeadsPerMonth,
    },
    link_pages_count: row.linkPagesCount,
    shortened_urls_count: row.shortenedUrlsCount,
    total_clicks: row.totalClicks,
  };
}

/** These users as the admin table shows them, in the order of `ids`. */
async function adminUsersInOrder(db: Db, ids: number[], freePlan: FreePlan): Promise<AdminUser[]> {
  const rows = new Map((await selectAdminUsersByIds(db, ids)).map((row) => [row.user.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toAdminUser(row, freePlan)] : [];
  });
}

/**
 * A search of at most this many matches (counted up to here, whatever the total it gives) is paged
 * without reading an index in order (withoutIndexOrder), sorting every match: ~30 ms for 11,112 of
 * 100,000 users by clicks on PGlite, where the planner's own plan read the clicks index through
 * most users (180 ms). More matches are dense enough that the planner's plan stays short, and
 * sorting them all costs more.
 */
const SORTED_MATCHES_MAX = 15_000;

/**
 * One page of the admin's user list: searched, sorted and paged in SQL; a search's total up to
 * ADMIN_USERS_SEARCH_COUNT_MAX (null past it).
 */
export async function listAdminUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersPage> {
  // The whole list is counted exactly (countAdminUsers takes no bound without a search).
  const counted = await countAdminUsers(db, query.q, SORTED_MATCHES_MAX);
  const total = !query.q || (counted !== null && counted <= ADMIN_USERS_SEARCH_COUNT_MAX) ? counted : null;
  const page = paging(query.page, query.limit);
  const [ids, freePlan] = await Promise.all([
    query.q && counted !== null
      ? db.transaction(async (tx) => {
          await withoutIndexOrder(tx, { seqScans: true });
          return selectAdminUserIds(tx, query, page);
        })
      : selectAdminUserIds(db, query, page),
    findFreePlan(db),
  ]);
  return {
    users: await adminUsersInOrder(db, ids, freePlan),
    ...page.envelope(total),
  };
}

export async function findAdminUser(db: Db, id: number): Promise<AdminUser | null> {
  const [user] = await adminUsersInOrder(db, [id], await findFreePlan(db));
  return user ?? null;
}

/** 'Detalhes': the table's row and how the account signs in; null for an unknown user. */
export async function findAdminUserDetails(db: Db, id: number): Promise<AdminUserDetails | null> {
  const [[row], freePlan, signIn] = await Promise.all([
    selectAdminUsersByIds(db, [id]),
    findFreePlan(db),
    selectSignInFacts(db, id),
  ]);
  if (!row) return null;
  return {
    ...toAdminUser(row, freePlan),
    email_verified_at: row.user.emailVerifiedAt?.toISOString() ?? null,
    last_login_at: signIn.lastLoginAt?.toISOString() ?? null,
    has_password: signIn.hasPassword,
    google_linked: row.user.googleSub !== null,
  };
}

/**
 * Whether a change would leave the product without an active administrator: the user is one now,
 * will not be after, and nobody else is.
 */
export function leavesNoActiveAdmin(
  now: { isAdmin: boolean; isActive: boolean },
  next: { isAdmin: boolean; isActive: boolean },
  otherActiveAdmins: number,
): boolean {
  const isNow = now.isAdmin && now.isActive;
  const isNext = next.isAdmin && next.isActive;
  return isNow && !isNext && otherActiveAdmins === 0;
}

/**
 * What the plan select asks for: nothing (absent, null, or the plan the user already has), the
 * free plan (the current subscription ends now), or another plan (granted with no end).
 */
export function planChangeOf(
  currentPlanId: number,
  requestedPlanId: number | null | undefined,
  freePlanId: number,
): "none" | "free" | "grant" {
  if (requestedPlanId == null || requestedPlanId === currentPlanId) return "none";
  return requestedPlanId === freePlanId ? "free" : "grant";
}

/** What the audit log keeps of a user: never the password hash. */
function auditSnapshot(user: UserRow, plan: FreePlan) {
  return {
    email: user.email,
    is_admin: user.isAdmin,
    is_active: user.isActive,
    plan: { id: plan.id, name: plan.name },
    custom_limits: {
      max_link_pages: user.customMaxLinkPages,
      max_shortened_urls: user.customMaxShortenedUrls,
      max_clicks_per_month: user.customMaxClicksPerMonth,
      max_leads_per_month: user.customMaxLeadsPerMonth,
    },
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const emailTaken = () => conflict(ADMIN_MESSAGES.emailTaken, { email: ADMIN_MESSAGES.emailTaken });
const lastAdmin = () => badRequest(ADMIN_MESSAGES.lastAdmin);

/**
 * PUT /api/admin/users/{id}: email, flags, plan and custom limits, in one transaction under the
 * user's lock, with its audit line. Limits are read per request, so they apply at once.
 * Deactivating ends the user's sessions in the same transaction.
 */
export async function updateAdminUser(
  app: AdminUsersApp,
  actor: Actor,
  id: number,
  body: z.output<typeof adminUserUpdateSchema>,
): Promise<AdminUser> {
  let planChanged = false;
  try {
    await app.db.transaction(async (tx) => {
      const { user, otherActiveAdmins } = await lockUserAndAdmins(tx, id);
      if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
      const next = { isAdmin: body.is_admin, isActive: body.is_active };
      if (leavesNoActiveAdmin(user, next, otherActiveAdmins)) throw lastAdmin();
      if (body.email !== user.email.toLowerCase() && (await emailTakenByAnother(tx, body.email, id))) {
        throw emailTaken();
      }

      const { plan: currentPlan } = await planOf(tx, id);
      const freePlan = await findFreePlan(tx);
      const now = new Date();
      let plan: FreePlan = currentPlan;
      const change = planChangeOf(currentPlan.id, body.subscription_plan_id, freePlan.id);
      if (change !== "none") {
        const requested = await findPlan(tx, body.subscription_plan_id!);
        if (!requested) {
          throw badRequest(ADMIN_MESSAGES.planNotFound, {
            subscription_plan_id: ADMIN_MESSAGES.planNotFound,
          });
        }
        plan = requested;
        planChanged = true;
        const cause = `admin:${actor.id}`;
        for (const subscriptionId of await endSubscriptionsNow(tx, id, now)) {
          await insertBillingEvent(tx, {
            userId: id,
            subscriptionId,
            kind: "subscription.expired",
            cause,
            detail: { reason: "admin_plan_change", to_plan_id: requested.id },
          });
        }
        if (change === "grant") {
          const subscriptionId = await insertGrantedSubscription(tx, id, requested.id, now);
          await insertBillingEvent(tx, {
            userId: id,
            subscriptionId,
            kind: "subscription.activated",
            cause,
            detail: { plan_id: requested.id, until: null, granted_by_admin: true },
          });
        }
      }

      const changes: UserChanges = {
        email: body.email,
        isAdmin: body.is_admin,
        isActive: body.is_active,
        customMaxLinkPages: body.custom_limits.max_link_pages,
        customMaxShortenedUrls: body.custom_limits.max_shortened_urls,
        customMaxClicksPerMonth: body.custom_limits.max_clicks_per_month,
        customMaxLeadsPerMonth: body.custom_limits.max_leads_per_month,
      };
      const after = { ...user, ...changes };
      const before = auditSnapshot(user, currentPlan);
      const afterSnapshot = auditSnapshot(after, plan);
      if (sameJson(before, afterSnapshot)) return;
      await updateUserRow(tx, id, changes);
      if (user.isActive && !body.is_active) await revokeUserSessions(tx, id);
      await recordAudit(tx, actor, {
        action: "user.update",
        targetType: "user",
        targetId: id,
        targetLabel: body.email,
        before,
        after: afterSnapshot,
      });
    });
  } catch (error) {
    // Two admins giving the same email at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  // Committed: every process's PlanCache reads the new plan at the next request.
  if (planChanged) userPlanChanged(app.bus, id);
  const updated = await findAdminUser(app.db, id);
  if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
  return updated;
}

/**
 * Activate or deactivate. Deactivating ends every session of the user at once (their next request
 * answers 401) and login refuses them with a pt-BR message.
 * Decision: a deactivated user's public pages (/p/) and short links (/s/) keep working. A visitor
 * is never refused for the owner's sake (docs/product-decisions.md, ARCHITECTURE "Rules"); an account to be taken
 * off the air is deleted, which stops both at once.
 */
export async function setUserActive(
  app: AdminUsersApp,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const { user, otherActiveAdmins } = await lockUserAndAdmins(tx, id);
    if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (user.isActive === active) return;
    if (leavesNoActiveAdmin(user, { isAdmin: user.isAdmin, isActive: active }, otherActiveAdmins)) {
      throw lastAdmin();
    }
    await updateUserRow(tx, id, { isActive: active });
    if (!active) await revokeUserSessions(tx, id);
    await recordAudit(tx, actor, {
      action: active ? "user.activate" : "user.deactivate",
      targetType: "user",
      targetId: id,
      targetLabel: user.email,
      before: { is_active: user.isActive },
      after: { is_active: active },
    });
  });
}

/**
 * DELETE /api/admin/users/{id}: the account deletion of account-deletion.ts (all the user's data in
 * one transaction, payments kept anonymised, links and pages stopped at once in every process, files
 * removed), with the audit line written under the same locks (the actor is the administrator, so it
 * survives). An administrator cannot delete themselves here, nor the last active administrator.
 */
export async function deleteAdminUser(
  app: AdminUsersApp,
  request: FastifyRequest,
  actor: Actor,
  id: number,
): Promise<void> {
  if (id === actor.id) throw badRequest(ADMIN_MESSAGES.cannotDeleteSelf);
  await deleteAccount(app, request, id, {
    byOwner: false,
    lastAdminMessage: ADMIN_MESSAGES.lastAdmin,
    notFoundMessage: ADMIN_MESSAGES.userNotFound,
    beforeDelete: async (tx, user, holdings) => {
      const { plan } = await planOf(tx, id);
      const [figures] = await selectAdminUsersByIds(tx, [id]);
      await recordAudit(tx, actor, {
        action: "user.delete",
        targetType: "user",
        targetId: id,
        targetLabel: user.email,
        before: {
          ...auditSnapshot(user, plan),
          name: `${user.firstName} ${user.lastName}`.trim(),
          created_at: user.createdAt.toISOString(),
          link_pages: holdings.pages,
          links: holdings.links,
          shortened_urls: holdings.shortLinkCount,
          total_clicks: figures?.totalClicks ?? 0,
          transactions: holdings.transactions,
        },
        after: null,
      });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// CSV export

/** An export stops here: a bigger one belongs to a report job, not a request. */
export const USERS_CSV_MAX_ROWS = 100_000;
const USERS_CSV_CHUNK_ROWS = 1_000;

export const USERS_CSV_HEADERS = [
  "Nome",
  "Email",
  "Plano",
  "Admin",
  "Status",
  "Link Bios",
  "URLs",
  "Cliques",
  "Cadastro",
];

export const usersCsvFilename = (now = new Date()) => `usuarios_${dayOf(now)}.csv`;

export function usersCsvRow(user: AdminUser): string[] {
  return [
    `${user.first_name} ${user.last_name}`.trim(),
    user.email,
    user.subscription.plan_name,
    user.is_admin ? "Sim" : "Não",
    user.is_active ? "Ativo" : "Inativo",
    String(user.link_pages_count),
    String(user.shortened_urls_count),
    String(user.total_clicks),
    formatDateBR(user.created_at),
  ];
}

/**
 * The filtered list in chunks of a thousand: the order is read once (at most 100 000 ids, a
 * count sort's aggregates computed once rather than per chunk), then each chunk's rows by id.
 */
async function* adminUserChunks(db: Db, filter: AdminUsersFilter): CsvChunks<AdminUser> {
  const ids = await selectAdminUserIds(db, filter, { limit: USERS_CSV_MAX_ROWS, offset: 0 });
  const freePlan = await findFreePlan(db);
  for (let i = 0; i < ids.length; i += USERS_CSV_CHUNK_ROWS) {
    yield await adminUsersInOrder(db, ids.slice(i, i + USERS_CSV_CHUNK_ROWS), freePlan);
  }
}

/** 'Exportar CSV': `;`-separated (Excel in pt-BR), UTF-8 with BOM, formula-looking cells defused. */
export function adminUsersCsv(db: Db, filter: AdminUsersFilter): AsyncGenerator<string> {
  return csvDownload({
    headers: USERS_CSV_HEADERS,
    chunks: adminUserChunks(db, filter),
    toRow: usersCsvRow,
  });
}
