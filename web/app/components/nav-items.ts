import { paths } from "@common/paths";
import { BarChart3, Inbox, LayoutDashboard, Link2, type LucideIcon, UserSquare2 } from "lucide-react";

/** The signed-in screens of the top navigation (spec 2), in order. */
export const NAV_ITEMS: { to: string; label: string; icon: LucideIcon }[] = [
  { to: paths.dashboard, label: "Dashboard", icon: LayoutDashboard },
  { to: paths.linkPages, label: "Link Bio", icon: UserSquare2 },
  { to: paths.urlShortener, label: "Encurtar URL", icon: Link2 },
  { to: paths.analytics, label: "Analytics", icon: BarChart3 },
  { to: paths.contacts, label: "Contatos", icon: Inbox },
];
