import type { InAppFigures } from "../../../common/contract/analytics";

type Row = { dimension: string; value: string; visits: number; clicks: number };

/**
 * "Abrir no app"'s figures (issue 36) from a period's "in_app" and "opened" rows. A visit is a short
 * link's click or a page's view (`visits` of a row); `clicks` are what could be sent on: a short
 * link's clicks again, a page's block clicks. `allVisits`: every human visit of the period.
 */
export function inAppFigures(rows: Row[], allVisits: number): InAppFigures {
  const apps = rows
    .filter((row) => row.dimension === "in_app" && row.visits > 0)
    .map(({ value, visits }) => ({ value, visits }))
    .sort((a, b) => b.visits - a.visits || a.value.localeCompare(b.value));
  const inApp = rows.filter((row) => row.dimension === "in_app");
  const visits = inApp.reduce((n, row) => n + row.visits, 0);
  const inAppClicks = inApp.reduce((n, row) => n + row.clicks, 0);
  const opened = (value: string) =>
    rows.find((row) => row.dimension === "opened" && row.value === value)?.clicks ?? 0;
  const appOpens = opened("app");
  return {
    visits,
    share: allVisits > 0 ? visits / allVisits : 0,
    app_opens: appOpens,
    browser_opens: opened("browser"),
    app_open_share: inAppClicks > 0 ? appOpens / inAppClicks : 0,
    apps,
  };
}
