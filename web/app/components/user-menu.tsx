import type { SessionUser } from "@common/contract/auth";
import { usePopover } from "@web/components/ui/use-popover";
import { ChevronDown } from "lucide-react";
import { AccountMenuItems, AccountSummary, AdminMenuItems } from "./account-menu-items";
import { MenuTrigger } from "./menu-trigger";
import { displayName, UserAvatar } from "./user-avatar";

/**
 * The profile menu: avatar and name, opening the account entries; in the admin header ("admin") the
 * admin's entries, at every width.
 */
export function UserMenu({
  user,
  variant = "account",
}: {
  user: SessionUser;
  variant?: "account" | "admin";
}) {
  const popover = usePopover();
  const { open, close, container, panelId } = popover;

  return (
    <div ref={container} className="relative">
      <MenuTrigger
        popover={popover}
        label={`Menu do perfil: ${displayName(user)}`}
        className="flex items-center gap-2.5 rounded-full py-1 pr-2 pl-1 transition-colors hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 aria-expanded:bg-gray-100"
      >
        <UserAvatar user={user} />
        <span className="hidden max-w-40 truncate text-sm font-medium text-gray-700 lg:block">
          {user.first_name || displayName(user)}
        </span>
        <ChevronDown
          className={`h-4 w-4 text-gray-400 transition-transform ${open ? "rotate-180" : ""}`}
          aria-hidden
        />
      </MenuTrigger>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-50 mt-2 w-64 origin-top-right rounded-xl border border-gray-200 bg-white p-1.5 shadow-lg ring-1 ring-black/5"
        >
          <div className="flex items-center gap-3 border-b border-gray-100 px-3 pt-2 pb-3">
            <UserAvatar user={user} className="h-10 w-10 text-base" />
            <AccountSummary user={user} />
          </div>
          <div className="pt-1.5">
            {variant === "admin" ? (
              <AdminMenuItems onNavigate={close} />
            ) : (
              <AccountMenuItems user={user} onNavigate={close} />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
