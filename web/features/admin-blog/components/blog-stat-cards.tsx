import type { BlogStats } from "@common/contract/blog";
import { CheckCircle2, Eye, FileText, PenLine } from "lucide-react";

const count = new Intl.NumberFormat("pt-BR");

/** Spec 2: four cards over every post (not the page shown): total, published, drafts and views. */
export function BlogStatCards({ stats }: { stats: BlogStats | undefined }) {
  const cards = [
    { label: "Total de posts", value: stats?.total, icon: FileText, tone: "bg-brand-50 text-brand-600" },
    { label: "Publicados", value: stats?.published, icon: CheckCircle2, tone: "bg-green-50 text-green-600" },
    { label: "Rascunhos", value: stats?.draft, icon: PenLine, tone: "bg-amber-50 text-amber-600" },
    { label: "Visualizações", value: stats?.views, icon: Eye, tone: "bg-violet-50 text-violet-600" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {cards.map(({ label, value, icon: Icon, tone }) => (
        <div key={label} className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
          <dt className="flex items-center gap-2 text-xs font-medium text-gray-500 sm:text-sm">
            <span className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="h-4 w-4" aria-hidden />
            </span>
            {label}
          </dt>
          <dd className="mt-2 text-2xl font-bold text-gray-900">
            {value === undefined ? "–" : count.format(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
