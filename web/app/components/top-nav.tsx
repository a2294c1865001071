import type { SessionUser } from "@common/contract/auth";
import { useLogout } from "@web/features/auth/use-auth";
import { NavLink } from "react-router";

const LINKS = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/link-pages", label: "Link Bio" },
  { to: "/url-shortener", label: "Encurtar URL" },
  { to: "/analytics", label: "Analytics" },
];

export function TopNav({ user }: { user: SessionUser }) {
  const logout = useLogout();
  return (
    <header className="border-b bg-white">
      <nav className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <span className="font-bold">Atalho</span>
        {LINKS.map((link) => (
          <NavLink key={link.to} to={link.to}>
            {link.label}
          </NavLink>
        ))}
        <span className="ml-auto">{user.first_name || user.email}</span>
        <button type="button" onClick={() => void logout()}>
          Sair
        </button>
      </nav>
    </header>
  );
}
