import { fireEvent, screen, within } from "@testing-library/react";
import { customDomain } from "@web/features/admin-domains/components/custom-domains.test-helper";
import { adminTabOf, adminTabPath } from "@web/lib/admin-tabs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { admin, config, member, plans, renderAdmin, stats } from "../../../tests/web-admin-fixtures";
import { fakeApi } from "../../../tests/web-fake-api";
import { AdminPanel } from "./admin-panel";

describe("AdminPanel", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows 'Acesso Negado' to a user without the admin flag, and asks the server nothing", () => {
    const calls = fakeApi({});
    renderAdmin(<AdminPanel user={member} />, "/admin?tab=usuarios");
    expect(screen.getByRole("heading", { name: "Acesso Negado" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voltar ao Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByText("Painel Admin")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows every tab to the administrator, the overview first", async () => {
    fakeApi({
      "GET /api/admin/stats": { body: stats },
      "GET /api/admin/system-config": { body: config() },
    });
    renderAdmin(<AdminPanel user={admin} />);
    expect(screen.getByRole("heading", { name: "Painel Admin" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Seções do painel" });
    const links = [...nav.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Visão Geral", "/admin"],
      ["Usuários", "/admin?tab=usuarios"],
      ["Assinaturas", "/admin?tab=assinaturas"],
      ["Planos", "/admin?tab=planos"],
      ["Blog", "/admin?tab=blog"],
      ["Auditoria", "/admin?tab=auditoria"],
      ["Registros de acesso", "/admin?tab=acessos"],
      ["Denúncias", "/admin?tab=denuncias"],
      ["Segurança", "/admin?tab=seguranca"],
      ["Configurações", "/admin?tab=configuracoes"],
    ]);
    expect(screen.getByRole("link", { name: "Visão Geral" }).getAttribute("aria-current")).toBe("page");
    expect(await screen.findByText("12.345")).toBeTruthy();
  });

  it("offers the same sections in a select for a phone, which opens the chosen one", async () => {
    const calls = fakeApi({
      "GET /api/admin/stats": { body: stats },
      "GET /api/admin/system-config": { body: config() },
      "GET /api/admin/subscription-plans": { body: [] },
    });
    renderAdmin(<AdminPanel user={admin} />);
    const select = screen.getByLabelText("Seção do painel") as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      "Visão Geral",
      "Usuários",
      "Assinaturas",
      "Planos",
      "Blog",
      "Auditoria",
      "Registros de acesso",
      "Denúncias",
      "Segurança",
      "Configurações",
    ]);
    expect(select.value).toBe("visao-geral");
    fireEvent.change(select, { target: { value: "planos" } });
    expect(await screen.findByRole("heading", { level: 2, name: /^Planos/ })).toBeTruthy();
    expect((screen.getByLabelText("Seção do painel") as HTMLSelectElement).value).toBe("planos");
    expect(screen.getByRole("link", { name: "Planos" }).getAttribute("aria-current")).toBe("page");
    expect(calls.some((c) => c.url.startsWith("/api/admin/subscription-plans"))).toBe(true);
  });

  it.each([
    ["usuarios", "Usuários", "GET /api/admin/users", { users: [], total: 0, page: 1, page_size: 20 }],
    ["planos", "Planos", "GET /api/admin/subscription-plans", []],
    ["auditoria", "Auditoria", "GET /api/admin/audit-log", { entries: [], total: 0, page: 1, page_size: 30 }],
    [
      "acessos",
      "Registros de acesso",
      "GET /api/admin/access-log",
      { entries: [], total: 0, page: 1, page_size: 30 },
    ],
    [
      "seguranca",
      "Segurança",
      "GET /api/admin/blocked-domains",
      { entries: [], total: 0, page: 1, page_size: 20 },
    ],
    ["configuracoes", "Configurações", "GET /api/admin/system-config", config()],
  ])("opens the tab ?tab=%s from the URL", async (tab, label, route, body) => {
    const calls = fakeApi({ [route]: { body }, "GET /api/admin/subscription-plans": { body: [] } });
    renderAdmin(<AdminPanel user={admin} />, `/admin?tab=${tab}`);
    expect(screen.getByRole("link", { name: label }).getAttribute("aria-current")).toBe("page");
    expect(await screen.findByRole("heading", { level: 2, name: new RegExp(`^${label}`) })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith(route.split(" ")[1]!))).toBe(true);
  });

  it("opens the subscriptions dashboard from the URL", async () => {
    fakeApi({
      "GET /api/admin/stats": { body: stats },
      "GET /api/admin/transactions": { body: { transactions: [], total: 0, page: 1, page_size: 20 } },
    });
    renderAdmin(<AdminPanel user={admin} />, "/admin?tab=assinaturas");
    expect(screen.getByRole("heading", { name: "Dashboard de Assinaturas" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Assinaturas" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows the custom domain manager in the settings, with the plans that offer each domain", async () => {
    fakeApi({
      "GET /api/admin/system-config": { body: config() },
      "GET /api/admin/subscription-plans": { body: plans },
      "GET /api/admin/custom-domains-with-plans": { body: [customDomain(1, { is_default: true })] },
      "GET /api/admin/system/info": { body: { database: "pglite", shared_cache: false } },
    });
    renderAdmin(<AdminPanel user={admin} />, "/admin?tab=configuracoes");
    const domains = within(screen.getByRole("region", { name: "Domínios personalizados" }));
    const row = within(await domains.findByRole("listitem", { name: "links1.exemplo.com.br" }));
    expect(domains.getByRole("button", { name: "Adicionar domínio" })).toBeTruthy();
    const offered = within(row.getByRole("group", { name: "Planos de links1.exemplo.com.br" }));
    expect(await offered.findByRole("checkbox", { name: /^Pro/ })).toBeTruthy();
  });

  it("links the blog tab to the blog admin and the public blog", () => {
    fakeApi({});
    renderAdmin(<AdminPanel user={admin} />, "/admin?tab=blog");
    expect(screen.getByRole("link", { name: "Gerenciar Blog" }).getAttribute("href")).toBe("/admin/blog");
    expect(screen.getByRole("link", { name: "Ver blog público" }).getAttribute("href")).toBe("/blog");
  });

  it("reads an unknown tab as the overview, and builds each tab's address", () => {
    expect(adminTabOf("assinaturas")).toBe("assinaturas");
    expect(adminTabOf(null)).toBe("visao-geral");
    expect(adminTabOf("x")).toBe("visao-geral");
    expect(adminTabPath("visao-geral")).toBe("/admin");
    expect(adminTabPath("configuracoes")).toBe("/admin?tab=configuracoes");
  });
});
