import { type ComponentType, createContext, type ReactElement, useContext } from "react";

/**
 * The server's render of a screen (web/app/server-render.tsx) takes each island out of the page and
 * renders it as a root of its own; this gives back what stands in its place until then.
 */
export type IslandRecorder = (name: string, island: ReactElement) => string;
export const IslandRecorderContext = createContext<IslandRecorder | null>(null);

/** The prefix of the island's useId values, the same in the server's render and the browser's. */
export const islandIdPrefix = (name: string) => `${name}-`;

/**
 * An interactive part of a server-rendered screen (docs/decisions/011): on those screens the browser
 * runs no app, only web/app/islands.tsx, which hydrates each island on a root of its own with the
 * props written here (as JSON: plain data only). Everything around an island stays the server's
 * HTML, links included. In the app (a screen rendered in the browser) it is just the component, in a
 * box with no layout of its own. `name` is the component's entry in web/app/island-components.ts;
 * a screen has at most one island of a name, and islands do not nest.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
}) {
  const record = useContext(IslandRecorderContext);
  const attributes = {
    "data-island": name,
    "data-island-props": JSON.stringify(props),
    className: "contents",
  };
  if (record) {
    return (
      <div {...attributes} dangerouslySetInnerHTML={{ __html: record(name, <Component {...props} />) }} />
    );
  }
  return (
    <div {...attributes}>
      <Component {...props} />
    </div>
  );
}
