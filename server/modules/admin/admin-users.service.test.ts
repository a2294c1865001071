import { describe, expect, it } from "vitest";
import type { AdminUser } from "../../../common/contract/admin";
import { leavesNoActiveAdmin, planChangeOf, USERS_CSV_HEADERS, usersCsvRow } from "./admin-users.service";

describe("leavesNoActiveAdmin", () => {
  const activeAdmin = { isAdmin: true, isActive: true };

  it("refuses taking the admin flag or the active flag from the last active administrator", () => {
    expect(leavesNoActiveAdmin(activeAdmin, { isAdmin: false, isActive: true }, 0)).toBe(true);
    expect(leavesNoActiveAdmin(activeAdmin, { isAdmin: true, isActive: false }, 0)).toBe(true);
    expect(leavesNoActiveAdmin(activeAdmin, { isAdmin: false, isActive: false }, 0)).toBe(true);
  });

  it("allows it while another active administrator remains, and any change that keeps one", () => {
    expect(leavesNoActiveAdmin(activeAdmin, { isAdmin: false, isActive: true }, 1)).toBe(false);
    expect(leavesNoActiveAdmin(activeAdmin, activeAdmin, 0)).toBe(false);
  });

  it("never concerns users who are not active administrators now", () => {
    const inactiveAdmin = { isAdmin: true, isActive: false };
    const member = { isAdmin: false, isActive: true };
    expect(leavesNoActiveAdmin(inactiveAdmin, { isAdmin: false, isActive: false }, 0)).toBe(false);
    expect(leavesNoActiveAdmin(member, { isAdmin: false, isActive: false }, 0)).toBe(false);
  });
});

describe("planChangeOf", () => {
  const FREE = 1;
  it("changes nothing when the plan is absent, null or the one the user has", () => {
    expect(planChangeOf(3, undefined, FREE)).toBe("none");
    expect(planChangeOf(3, null, FREE)).toBe("none");
    expect(planChangeOf(3, 3, FREE)).toBe("none");
    expect(planChangeOf(FREE, FREE, FREE)).toBe("none");
  });

  it("ends the subscription for the free plan and grants any other plan", () => {
    expect(planChangeOf(3, FREE, FREE)).toBe("free");
    expect(planChangeOf(FREE, 3, FREE)).toBe("grant");
    expect(planChangeOf(2, 3, FREE)).toBe("grant");
  });
});

describe("usersCsvRow", () => {
  it("writes the spec's columns in pt-BR: name, plan, Sim/Não, Ativo/Inativo, counts, dd/mm/aaaa", () => {
    const user: AdminUser = {
      id: 1,
      email: "ana@exemplo.com.br",
      first_name: "Ana",
      last_name: "",
      is_admin: true,
      is_active: false,
      created_at: "2026-01-15T01:30:00.000Z",
      google_user_data: { picture: null, given_name: "Ana" },
      subscription: { plan_id: 2, plan_name: "Pro", status: "active", expires_at: null },
      custom_limits: {
        max_link_pages: null,
        max_shortened_urls: null,
        max_clicks_per_month: null,
        max_leads_per_month: null,
      },
      link_pages_count: 2,
      shortened_urls_count: 3,
      total_clicks: 1234,
    };
    expect(usersCsvRow(user)).toEqual([
      "Ana",
      "ana@exemplo.com.br",
      "Pro",
      "Sim",
      "Inativo",
      "2",
      "3",
      "1234",
      "14/01/2026",
    ]);
    expect(usersCsvRow(user)).toHaveLength(USERS_CSV_HEADERS.length);
  });
});
