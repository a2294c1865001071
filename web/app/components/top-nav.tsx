import type { SessionUser } from "@common/contract/auth";
import { paths } from "@common/paths";
import { Logo } from "@web/components/ui/logo";
import { NavLink } from "react-router";
import { MobileMenu } from "./mobile-menu";
import { NAV_ITEMS } from "./nav-items";
import { UserMenu } from "./user-menu";

/** The signed-in top bar: logo, screen links and the profile menu; a hamburger menu below md. */
export function TopNav({ user }: { user: SessionUser }) {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo to={paths.dashboard} />
        <nav aria-label="Navegação principal" className="hidden md:block lg:ml-4">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    `inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
                      isActive
                        ? "bg-brand-50 text-brand-700"
                        : "text-gray-600 hover:bg-gray-100 hover:text-gray-900"
                    }`
                  }
                >
                  {/* Five screens and the menu fit 768 px without their icons. */}
                  <Icon className="hidden h-4 w-4 lg:block" aria-hidden />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden md:block">
          <UserMenu user={user} />
        </div>
        <div className="ml-auto md:hidden">
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}
