import type { SessionUser } from "@common/contract/auth";
import { paths } from "@common/paths";
import { Logo } from "@web/components/ui/logo";
import { ShieldCheck } from "lucide-react";
import { UserMenu } from "./user-menu";

/** The admin area's top bar (spec 2): the logo back to /dashboard and the admin's user menu. */
export function AdminHeader({ user }: { user: SessionUser }) {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Logo to={paths.dashboard} />
        <span className="inline-flex items-center gap-1 rounded-full bg-gray-900 px-2.5 py-0.5 text-xs font-semibold text-white">
          <ShieldCheck className="h-3.5 w-3.5" aria-hidden />
          Admin
        </span>
        <div className="ml-auto">
          <UserMenu user={user} variant="admin" />
        </div>
      </div>
    </header>
  );
}
