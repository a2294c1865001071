import { describe, expect, it } from "vitest";
import { AUDIT_PAGE_SIZE, type AuditLogPage } from "../../../common/contract/admin";
import { auditLog } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";

const t = setupTestApp();

let sequence = 0;
const uniqueTag = () => `tg${Date.now().toString(36)}${(++sequence).toString(36)}p${process.pid}`;

const list = async (cookie: string, query: string) => {
  const response = await t.request({ method: "GET", url: `/api/admin/audit-log?${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogPage>();
};

describe("GET /api/admin/audit-log", () => {
  it("lists an administrator's real actions, newest first, with who, what, when, before and after", async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { user } = await t.signIn({ email: `${uniqueTag()}@exemplo.com.br` });
    for (const action of ["deactivate", "activate"]) {
      const response = await t.request({
        method: "POST",
        url: `/api/admin/users/${user.id}/${action}`,
        cookie: admin.cookie,
      });
      expect(response.statusCode).toBe(200);
    }
    const page = await list(admin.cookie, `user=${encodeURIComponent(user.email)}`);
    expect(page).toMatchObject({ total: 2, page: 1, page_size: AUDIT_PAGE_SIZE });
    expect(page.entries.map((entry) => entry.action)).toEqual(["user.activate", "user.deactivate"]);
    expect(page.entries[1]).toMatchObject({
      actor_id: admin.user.id,
      actor_email: admin.user.email,
      target_type: "user",
      target_id: String(user.id),
      target_label: user.email,
      before: { is_active: true },
      after: { is_active: false },
    });
    expect(Date.parse(page.entries[1]!.created_at)).not.toBeNaN();
  });

  it("filters by action and by user (part of the actor's or the target's email, any case), and pages", async () => {
    const { cookie } = await t.signIn({ isAdmin: true });
    const tag = uniqueTag();
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    await t.database.db.insert(auditLog).values([
      ...Array.from({ length: AUDIT_PAGE_SIZE + 2 }, (_, i) => ({
        actorEmail: `chefe-${tag}@exemplo.com.br`,
        action: i % 2 ? "plan.update" : "user.update",
        targetType: "user",
        targetLabel: `alvo${i}@exemplo.com.br`,
        createdAt: at(i),
      })),
      {
        actorEmail: "outro@exemplo.com.br",
        action: "user.delete",
        targetType: "user",
        targetLabel: `Removido-${tag}@exemplo.com.br`,
        createdAt: at(59),
      },
      { actorEmail: "x@exemplo.com.br", action: "user.update", targetType: "user", targetLabel: "50%_x" },
    ]);

    const byUser = await list(cookie, `user=${tag.toUpperCase()}`);
    expect(byUser.total).toBe(AUDIT_PAGE_SIZE + 3);
    expect(byUser.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(byUser.entries[0]!.action).toBe("user.delete");
    expect(byUser.entries[1]!.target_label).toBe(`alvo${AUDIT_PAGE_SIZE + 1}@exemplo.com.br`);
    const second = await list(cookie, `user=${tag}&page=2`);
    expect(second.entries.map((entry) => entry.target_label)).toEqual([
      "alvo2@exemplo.com.br",
      "alvo1@exemplo.com.br",
      "alvo0@exemplo.com.br",
    ]);

    const deletes = await list(cookie, `user=${tag}&action=user.delete`);
    expect(deletes.entries.map((entry) => entry.target_label)).toEqual([`Removido-${tag}@exemplo.com.br`]);
    const plans = await list(cookie, `user=chefe-${tag}&action=plan.update`);
    expect(plans.total).toBe((AUDIT_PAGE_SIZE + 2) / 2);
    expect(plans.entries.every((entry) => entry.action === "plan.update")).toBe(true);
    expect(
      (await list(cookie, `user=${encodeURIComponent("50%_")}`)).entries.map((e) => e.target_label),
    ).toEqual(["50%_x"]);
    expect((await list(cookie, "action=")).page).toBe(1);
  });

  it("refuses an unknown action with a pt-BR message", async () => {
    const { cookie } = await t.signIn({ isAdmin: true });
    const response = await t.request({
      method: "GET",
      url: "/api/admin/audit-log?action=drop.table",
      cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Ação inválida");
  });
});
