import { paths } from "@common/paths";
import { ArrowRight, LayoutTemplate, Link2, type LucideIcon } from "lucide-react";
import { Link } from "react-router";

type Shortcut = { to: string; title: string; text: string; icon: LucideIcon };

export const NEW_LINK_PAGE = { to: paths.newLinkPage, icon: LayoutTemplate } as const;
export const SHORTEN_URL = { to: paths.urlShortener, icon: Link2 } as const;

/** Large link cards to the two things a user creates. */
export function ShortcutCards({ items }: { items: Shortcut[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {items.map(({ to, title, text, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          className="group flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md"
        >
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Icon className="h-5 w-5" aria-hidden />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-gray-900">{title}</span>
            <span className="block text-sm text-gray-500">{text}</span>
          </span>
          <ArrowRight
            className="h-5 w-5 shrink-0 text-gray-300 transition group-hover:translate-x-0.5 group-hover:text-brand-600"
            aria-hidden
          />
        </Link>
      ))}
    </div>
  );
}

/** The analytics screen's shortcut cards (spec 2). */
export function AnalyticsShortcuts() {
  return (
    <ShortcutCards
      items={[
        { ...NEW_LINK_PAGE, title: "Criar Nova Link Bio", text: "Reúna todos os seus links em uma página." },
        { ...SHORTEN_URL, title: "Encurtar Nova URL", text: "Crie um link curto e rastreável." },
      ]}
    />
  );
}
