import type { QueryClient } from "@tanstack/react-query";
import { IslandRecorderContext, islandIdPrefix } from "@web/lib/island";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { IslandShell } from "./island-shell";

/**
 * A server-rendered screen's markup (web/entry-server.tsx, for server/modules/site and blog). Each
 * island (web/lib/island.tsx) is rendered apart, as a root of its own in the same shell the browser
 * hydrates it in (web/app/islands.tsx): its useId values and its markup are then the same on both
 * sides, which they could not be inside the whole page's tree.
 */
export function renderScreen(
  page: ReactElement,
  { queryClient, url }: { queryClient: QueryClient; url: URL },
) {
  const islands = new Map<string, { marker: string; island: ReactElement }>();
  const nonce = crypto.randomUUID();
  const record = (name: string, island: ReactElement) => {
    if (islands.has(name))
      throw new Error(`two "${name}" islands on ${url.pathname}: their ids would collide`);
    const marker = `<!--island ${name} ${nonce}-->`;
    islands.set(name, { marker, island });
    return marker;
  };
  let html = renderToString(<IslandRecorderContext value={record}>{page}</IslandRecorderContext>);
  for (const [name, { marker, island }] of islands) {
    const markup = renderToString(
      <IslandShell queryClient={queryClient}>
        <StaticRouter location={`${url.pathname}${url.search}`}>{island}</StaticRouter>
      </IslandShell>,
      { identifierPrefix: islandIdPrefix(name) },
    );
    // A function, so "$&" or "$'" in the markup (a plan's name) is not read as a pattern.
    html = html.replace(marker, () => markup);
  }
  return html;
}
