import { eq } from "drizzle-orm";
import type { SystemConfig, SystemConfigUpdate } from "../../../common/contract/admin";
import type { Db } from "../../../db/client";
import { systemConfig } from "../../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit-log";
import type { InvalidationBus } from "../../lib/invalidation-bus";

type Row = typeof systemConfig.$inferSelect;
const TOPIC = "system-config";

export function toSystemConfig(row: Row): SystemConfig {
  return {
    maintenance_mode: row.maintenanceMode,
    registration_enabled: row.registrationEnabled,
    default_plan_id: row.defaultPlanId,
    max_free_users: row.maxFreeUsers,
    platform_fee_percentage: row.platformFeeBasisPoints / 100,
    block_other_shorteners: row.blockOtherShorteners,
  };
}

/**
 * The system settings, held in memory (every API request asks whether the site is in maintenance)
 * and reloaded in every process when they change.
 */
export class SystemConfigStore {
  private current!: SystemConfig;

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
  ) {
    bus.on(TOPIC, () => {
      this.reload().catch(() => {});
    });
  }

  async reload(): Promise<void> {
    const [row] = await this.db.select().from(systemConfig).where(eq(systemConfig.id, 1));
    // Migration 0006 inserts the row; a database restored without it gets the defaults.
    const stored =
      row ?? (await this.db.insert(systemConfig).values({ id: 1 }).onConflictDoNothing().returning())[0];
    this.current = stored ? toSystemConfig(stored) : this.current;
  }

  get(): SystemConfig {
    return this.current;
  }

  /** Applies a partial change with its audit line in one transaction; every process reloads. */
  async update(patch: SystemConfigUpdate & Partial<SystemConfig>, actor: Actor): Promise<SystemConfig> {
    const next = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(systemConfig).where(eq(systemConfig.id, 1)).for("update");
      const [after] = await tx
        .update(systemConfig)
        .set({
          ...(patch.maintenance_mode === undefined ? {} : { maintenanceMode: patch.maintenance_mode }),
          ...(patch.registration_enabled === undefined
            ? {}
            : { registrationEnabled: patch.registration_enabled }),
          ...(patch.default_plan_id === undefined ? {} : { defaultPlanId: patch.default_plan_id }),
          ...(patch.max_free_users === undefined
            ? {}
            : { maxFreeUsers: patch.max_free_users as number | null }),
          ...(patch.platform_fee_percentage === undefined
            ? {}
            : { platformFeeBasisPoints: Math.round(Number(patch.platform_fee_percentage) * 100) }),
          ...(patch.block_other_shorteners === undefined
            ? {}
            : { blockOtherShorteners: patch.block_other_shorteners }),
          updatedAt: new Date(),
        })
        .where(eq(systemConfig.id, 1))
        .returning();
      await recordAudit(tx, actor, {
        action: "settings.update",
        targetType: "settings",
        targetId: 1,
        before: before ? { ...toSystemConfig(before) } : null,
        after: { ...toSystemConfig(after!) },
      });
      return toSystemConfig(after!);
    });
    this.current = next;
    this.bus.publish(TOPIC, "*");
    return next;
  }
}
