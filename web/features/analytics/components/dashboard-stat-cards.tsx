import { LayoutTemplate, Link2, MousePointerClick } from "lucide-react";
import { NEW_LINK_PAGE, SHORTEN_URL, ShortcutCards } from "./analytics-shortcuts";
import { StatCard } from "./stat-card";

type Props = {
  /** undefined while loading: the card shows a skeleton. */
  linkPages: number | undefined;
  shortenedUrls: number | undefined;
  totalClicks: number | undefined;
};

/** The dashboard's three figures (spec 2). */
export function DashboardStatCards({ linkPages, shortenedUrls, totalClicks }: Props) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <StatCard label="Link Bios" value={linkPages} icon={LayoutTemplate} />
      <StatCard label="URLs Encurtadas" value={shortenedUrls} icon={Link2} tone="green" />
      <StatCard label="Total de Cliques" value={totalClicks} icon={MousePointerClick} tone="violet" />
    </div>
  );
}

/** The dashboard's quick actions: a new Link Bio, a new short link. */
export function QuickActions() {
  return (
    <ShortcutCards
      items={[
        { ...NEW_LINK_PAGE, title: "Nova Link Bio", text: "Crie uma página com todos os seus links." },
        { ...SHORTEN_URL, title: "Encurtar URL", text: "Transforme um link longo em um link curto." },
      ]}
    />
  );
}
