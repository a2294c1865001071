import type { SessionUser } from "@common/contract/auth";
import { paths } from "@common/paths";
import { useLogout } from "@web/features/auth/use-auth";
import { adminTabPath } from "@web/lib/admin-tabs";
import { CreditCard, LogOut, type LucideIcon, Settings, ShieldCheck, UserRound } from "lucide-react";
import { Link } from "react-router";

const ITEM =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600";

type Navigate = { onNavigate: () => void };

function MenuLink({
  to,
  icon: Icon,
  label,
  onNavigate,
}: Navigate & { to: string; icon: LucideIcon; label: string }) {
  return (
    <li>
      <Link to={to} onClick={onNavigate} className={`${ITEM} text-gray-700 hover:bg-gray-100`}>
        <Icon className="h-4 w-4 text-gray-400" aria-hidden />
        {label}
      </Link>
    </li>
  );
}

/** 'Sair', last in both menus: the menu closes, then the session ends and the user goes to /. */
function LogoutItem({ onNavigate }: Navigate) {
  const logout = useLogout();
  return (
    <li className="mt-1 border-t border-gray-100 pt-1">
      <button
        type="button"
        onClick={() => {
          onNavigate();
          void logout();
        }}
        className={`${ITEM} text-red-600 hover:bg-red-50`}
      >
        <LogOut className="h-4 w-4" aria-hidden />
        Sair
      </button>
    </li>
  );
}

/** The profile menu's entries (spec 2), shared by the desktop dropdown and the mobile menu. */
export function AccountMenuItems({ user, onNavigate }: Navigate & { user: SessionUser }) {
  return (
    <ul className="space-y-0.5">
      {user.is_admin && (
        <MenuLink to={paths.admin} icon={ShieldCheck} label="Painel Admin" onNavigate={onNavigate} />
      )}
      <MenuLink to={paths.profile} icon={UserRound} label="Meu Perfil" onNavigate={onNavigate} />
      <MenuLink
        to={paths.subscription}
        icon={CreditCard}
        label="Gerenciar Assinatura"
        onNavigate={onNavigate}
      />
      <LogoutItem onNavigate={onNavigate} />
    </ul>
  );
}

/** The admin header's menu (spec 2): Configurações, Perfil Normal (back to the product), Sair. */
export function AdminMenuItems({ onNavigate }: Navigate) {
  return (
    <ul className="space-y-0.5">
      <MenuLink
        to={adminTabPath("configuracoes")}
        icon={Settings}
        label="Configurações"
        onNavigate={onNavigate}
      />
      <MenuLink to={paths.dashboard} icon={UserRound} label="Perfil Normal" onNavigate={onNavigate} />
      <LogoutItem onNavigate={onNavigate} />
    </ul>
  );
}

/** Name, email and, for the administrator, the 'Administrador' label. */
export function AccountSummary({ user }: { user: SessionUser }) {
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  return (
    <div className="min-w-0">
      {name && <p className="truncate text-sm font-semibold text-gray-900">{name}</p>}
      <p className="truncate text-sm text-gray-500">{user.email}</p>
      {user.is_admin && (
        <span className="mt-1.5 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100 ring-inset">
          <ShieldCheck className="h-3 w-3" aria-hidden />
          Administrador
        </span>
      )}
    </div>
  );
}
