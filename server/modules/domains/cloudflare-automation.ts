import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { CloudflareAutomation } from "../../../common/contract/domains";
import type { Db } from "../../../db/client";
import { domains } from "../../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit-log";
import { HttpError } from "../../lib/http-error";
import { CloudflareAutomationError, type CloudflareDomains } from "./cloudflare";

// What the admin domain routes do with Cloudflare (docs: docs/self-hosting.md, "Cloudflare automation").
// Order, so that nothing is half-created when Cloudflare fails:
// 1. POST creates the row (transaction) inactive and needing activation;
// 2. Cloudflare is called, outside any transaction;
// 3. success: the row takes the state the form asked for (audited as an activation when active);
//    failure: the row stays inactive with needs_activation, an error line goes to the log (the
//    operators' alert), and the answer says so; 'Ativar' retries the automation.
// A crash between 1 and 3 leaves the same retryable state; setUp is idempotent.

/** Spec 8: the pt-BR error shown when 'Ativar' cannot configure Cloudflare. */
export const cloudflareActivationFailed = (reason: string) =>
  `Não foi possível configurar o domínio na Cloudflare (${reason}). Tente de novo em alguns minutos.`;

const snapshot = (row: typeof domains.$inferSelect) => ({
  domain: row.domain,
  is_active: row.isActive,
  needs_activation: row.needsActivation,
});

/** Step 2 and 3 of a POST: the answer's cloudflare_automation. */
export async function automateNewDomain(
  db: Db,
  cloudflare: CloudflareDomains,
  log: FastifyBaseLogger,
  actor: Actor,
  domain: { id: number; domain: string },
  wantsActive: boolean,
): Promise<CloudflareAutomation> {
  try {
    const setup = await cloudflare.setUp(domain.domain);
    log.info({ domain: domain.domain, cloudflare: setup }, "cloudflare automation done");
  } catch (error) {
    const message = reportFailure(log, domain.domain, error);
    return { success: false, attempted: true, error: message };
  }
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(domains).where(eq(domains.id, domain.id)).for("update");
    // Deleted meanwhile, or already activated by hand: nothing to do.
    if (!before?.needsActivation) return;
    const [after] = await tx
      .update(domains)
      .set({ isActive: wantsActive, needsActivation: false })
      .where(eq(domains.id, domain.id))
      .returning();
    if (wantsActive) {
      await recordAudit(tx, actor, {
        action: "domain.activate",
        targetType: "domain",
        targetId: domain.id,
        targetLabel: after!.domain,
        before: snapshot(before),
        after: { ...snapshot(after!), cloudflare: "configured" },
      });
    }
  });
  return { success: true, attempted: true, error: null };
}

/** Before 'Ativar': Cloudflare first; a failure answers 502 and leaves the domain as it was. */
export async function automateActivation(
  cloudflare: CloudflareDomains,
  log: FastifyBaseLogger,
  domain: string,
): Promise<void> {
  try {
    const setup = await cloudflare.setUp(domain);
    log.info({ domain, cloudflare: setup }, "cloudflare automation done");
  } catch (error) {
    throw new HttpError(502, cloudflareActivationFailed(reportFailure(log, domain, error)));
  }
}

/**
 * After a rename (PUT with another name, only possible while nothing lives on the domain): the new
 * name is set up, and if that fails the domain needs activation ('Ativar' retries) and is switched
 * off, unless it is the default domain, which stays active (the default is always active: every
 * plan is offered it) and only needs activation; either way the old name's record or custom
 * hostname goes (best effort). Returns whether the row was changed.
 */
export async function automateRename(
  db: Db,
  cloudflare: CloudflareDomains,
  log: FastifyBaseLogger,
  actor: Actor,
  id: number,
  names: { before: string; after: string },
): Promise<boolean> {
  let reason: string | null = null;
  try {
    const setup = await cloudflare.setUp(names.after);
    log.info({ domain: names.after, cloudflare: setup }, "cloudflare automation done");
  } catch (error) {
    reason = reportFailure(log, names.after, error);
  }
  await removeFromCloudflare(cloudflare, log, names.before);
  if (reason === null) return false;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(domains).where(eq(domains.id, id)).for("update");
    // Deleted or renamed again meanwhile: that request owns the row now.
    if (!before || before.domain !== names.after) return false;
    const [after] = await tx
      .update(domains)
      .set({ ...(before.isDefault ? {} : { isActive: false }), needsActivation: true })
      .where(eq(domains.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "domain.update",
      targetType: "domain",
      targetId: id,
      targetLabel: after!.domain,
      before: snapshot(before),
      after: { ...snapshot(after!), cloudflare: reason },
    });
    return true;
  });
}

/** After a delete: best effort, logged (the row is already gone). */
export async function removeFromCloudflare(
  cloudflare: CloudflareDomains,
  log: FastifyBaseLogger,
  domain: string,
): Promise<void> {
  try {
    const removed = await cloudflare.remove(domain);
    log.info({ domain, removed }, "cloudflare records removed");
  } catch (error) {
    const detail = error instanceof CloudflareAutomationError ? error.detail : { error: String(error) };
    log.error(
      { domain, cloudflare: detail },
      "cloudflare cleanup failed: remove the domain's record or custom hostname by hand",
    );
  }
}

/** The operators' alert: one error line with Cloudflare's answer. Returns the admin's sentence. */
function reportFailure(log: FastifyBaseLogger, domain: string, error: unknown): string {
  const message =
    error instanceof CloudflareAutomationError ? error.message : "erro inesperado ao falar com a Cloudflare";
  const detail = error instanceof CloudflareAutomationError ? error.detail : { error: String(error) };
  log.error(
    { domain, cloudflare: detail, reason: message },
    "cloudflare automation failed: configure the domain by hand",
  );
  return message;
}
