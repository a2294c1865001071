import { paths } from "@common/paths";
import { BarChart3, LayoutDashboard, Link2, type LucideIcon, UserSquare2 } from "lucide-react";

/** The signed-in screens of the top navigation (spec 2), in order. */
export const NAV_ITEMS: { to: string; label: string; icon: LucideIcon }[] = [
  { to: paths.dashboard, label: "Dashboard", icon: LayoutDashboard },
  { to: "/link-pages", label: "Link Bio", icon: UserSquare2 },
  { to: "/url-shortener", label: "Encurtar URL", icon: Link2 },
  { to: "/analytics", label: "Analytics", icon: BarChart3 },
];
