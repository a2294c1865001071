import type { SessionUser } from "@common/contract/auth";
import { usePopover } from "@web/components/ui/use-popover";
import { Menu, X } from "lucide-react";
import { NavLink } from "react-router";
import { AccountMenuItems, AccountSummary } from "./account-menu-items";
import { MenuTrigger } from "./menu-trigger";
import { NAV_ITEMS } from "./nav-items";
import { UserAvatar } from "./user-avatar";

/** Below md: a hamburger opening the navigation and the account entries under the top bar. */
export function MobileMenu({ user }: { user: SessionUser }) {
  const popover = usePopover();
  const { open, close, container, panelId } = popover;

  return (
    <div ref={container} className="md:hidden">
      <MenuTrigger
        popover={popover}
        label={open ? "Fechar menu" : "Abrir menu"}
        className="-mr-2 rounded-lg p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {open ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
      </MenuTrigger>
      {open && (
        <div
          id={panelId}
          className="absolute inset-x-0 top-full z-50 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-gray-200 bg-white px-4 pt-3 pb-4 shadow-lg"
        >
          <nav aria-label="Navegação principal">
            <ul className="space-y-1">
              {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    onClick={close}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium ${
                        isActive ? "bg-brand-50 text-brand-700" : "text-gray-700 hover:bg-gray-100"
                      }`
                    }
                  >
                    <Icon className="h-5 w-5" aria-hidden />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 border-t border-gray-100 pt-3">
            <div className="mb-2 flex items-center gap-3 px-3 py-1">
              <UserAvatar user={user} className="h-10 w-10 text-base" />
              <AccountSummary user={user} />
            </div>
            <AccountMenuItems user={user} onNavigate={close} />
          </div>
        </div>
      )}
    </div>
  );
}
