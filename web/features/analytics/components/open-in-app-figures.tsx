import type { InAppFigures } from "@common/contract/analytics";
import { plural } from "@web/lib/plural";
import { AppWindow } from "lucide-react";
import { nameOrUnknown } from "./click-dimensions";
import { formatCtr } from "./click-through-rate";
import { Breakdown } from "./figure-sections";
import { RankedList } from "./ranked-list";

export const NO_IN_APP_VISITS = "Nenhuma visita por navegador de app no período.";

/**
 * "Abrir no app" over the period: the share of visits made inside social apps' in-app browsers, how
 * many of their clicks went on to the target's app or to the system browser, and which apps they came
 * from. `figures` is undefined while loading.
 */
export function OpenInAppFigures({ figures }: { figures: InAppFigures | undefined }) {
  return (
    <Breakdown title="Abrir no app" icon={<AppWindow className="h-4 w-4" aria-hidden />} loading={!figures}>
      {figures &&
        (figures.visits === 0 ? (
          <p className="py-8 text-center text-sm text-gray-500">{NO_IN_APP_VISITS}</p>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-gray-700">
              <span className="text-2xl font-bold tracking-tight text-gray-900 tabular-nums">
                {formatCtr(figures.share)}
              </span>{" "}
              das visitas vieram de apps como Instagram e TikTok{" "}
              <span className="text-gray-500">({plural(figures.visits, "visita", "visitas")})</span>
            </p>
            <ul className="space-y-1 text-sm text-gray-700">
              <li>
                <span className="font-semibold text-gray-900 tabular-nums">
                  {plural(figures.app_opens, "abertura no app", "aberturas no app")}
                </span>{" "}
                <span className="text-gray-500">
                  ({formatCtr(figures.app_open_share)} dos cliques feitos em apps)
                </span>
              </li>
              <li>
                <span className="font-semibold text-gray-900 tabular-nums">
                  {plural(figures.browser_opens, "abertura no navegador", "aberturas no navegador")}
                </span>
              </li>
            </ul>
            {figures.apps.length > 0 && (
              <div>
                <h3 className="mb-2 text-xs font-medium text-gray-500">Visitas por app</h3>
                <RankedList
                  empty=""
                  items={figures.apps.map((app) => ({
                    key: app.value || "?",
                    label: nameOrUnknown(app.value),
                    clicks: app.visits,
                  }))}
                />
              </div>
            )}
          </div>
        ))}
    </Breakdown>
  );
}
