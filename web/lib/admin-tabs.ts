import { paths } from "@common/paths";

/** The panel's sections, in the URL as ?tab= (also a select on a phone; 'Configurações' is in the user menu too). */
export const ADMIN_TABS = [
  { key: "visao-geral", label: "Visão Geral" },
  { key: "usuarios", label: "Usuários" },
  { key: "assinaturas", label: "Assinaturas" },
  { key: "planos", label: "Planos" },
  { key: "blog", label: "Blog" },
  { key: "auditoria", label: "Auditoria" },
  { key: "acessos", label: "Registros de acesso" },
  { key: "denuncias", label: "Denúncias" },
  { key: "seguranca", label: "Segurança" },
  { key: "configuracoes", label: "Configurações" },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["key"];

/** The tab in the URL (/admin?tab=assinaturas); the overview when none or an unknown one. */
export function adminTabOf(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab.key === value)?.key ?? "visao-geral";
}

/** The address of a tab, e.g. the user menu's 'Configurações'. */
export const adminTabPath = (tab: AdminTab) =>
  tab === "visao-geral" ? paths.admin : `${paths.admin}?tab=${tab}`;
