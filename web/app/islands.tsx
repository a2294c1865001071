import { hydrate } from "@tanstack/react-query";
import { islandIdPrefix } from "@web/lib/island";
import { queryClient } from "@web/lib/query-client";
import { type ComponentType, startTransition } from "react";
import { hydrateRoot, type Root, type RootOptions } from "react-dom/client";
import { DocumentRouter } from "./document-router";
import { ISLAND_COMPONENTS } from "./island-components";
import { IslandShell } from "./island-shell";
import { readSsrState } from "./ssr-state";

/**
 * What runs on a screen the server rendered (web/app/site-routes.tsx, the blog), instead of the app:
 * the screen is whole in its HTML, links included, and only its islands (web/lib/island.tsx) are
 * hydrated, each on a root of its own, with the query data the server rendered them from.
 */
export async function hydrateIslands(
  { onRecoverableError }: Pick<RootOptions, "onRecoverableError"> = {},
  doc: Document = document,
): Promise<Root[]> {
  const state = readSsrState(doc);
  // The data counts as fresh as the page it came with: the screen shows it already, and asking the
  // API again at once would redo the server's work (the blog's pages are kept until the blog changes).
  const now = Date.now();
  if (state) {
    hydrate(queryClient, {
      ...state,
      queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
    });
  }
  const islands = [...doc.querySelectorAll<HTMLElement>("[data-island]")].map(async (element) => {
    const name = element.dataset.island ?? "";
    const load = ISLAND_COMPONENTS[name];
    if (!load) throw new Error(`island "${name}" is not in web/app/island-components.ts`);
    const props: object = JSON.parse(element.dataset.islandProps ?? "{}");
    const Island = (await load()) as ComponentType<object>;
    // A task apart from the code's evaluation, which has just taken one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    let root: Root | undefined;
    // As a transition, hydration yields to the browser every few milliseconds.
    startTransition(() => {
      root = hydrateRoot(
        element,
        <IslandShell queryClient={queryClient}>
          <DocumentRouter>
            <Island {...props} />
          </DocumentRouter>
        </IslandShell>,
        { identifierPrefix: islandIdPrefix(name), onRecoverableError },
      );
    });
    return root!;
  });
  return Promise.all(islands);
}
