// The web side of the server's render: the only web module the server imports, and only through
// its adapter, server/lib/web-render.ts (docs/architecture.md). The server hands over what the
// screens read, typed from common/; the query keys it lands under stay here.
import type { SystemStatus } from "@common/contract/admin";
import type { SessionUser } from "@common/contract/auth";
import type { SubscriptionPlan } from "@common/contract/billing";
import type { BlogCategory, BlogPostCard, BlogPostPublic, BlogPostsPage } from "@common/contract/blog";
import { dehydrate, QueryClient } from "@tanstack/react-query";
import {
  createStaticHandler,
  createStaticRouter,
  type StaticHandler,
  type StaticHandlerContext,
  StaticRouterProvider,
} from "react-router";
import { AppShell } from "./app/app-shell";
import { RootLayout } from "./app/layouts/root-layout";
import type { PageHead } from "./app/page-head";
import { renderScreen } from "./app/server-render";
import { blogSiteRoutes, siteRoutes } from "./app/site-routes";
import { serializeSsrState } from "./app/ssr-state";
import {
  type BlogListFilters,
  blogCategoriesQuery,
  blogFeaturedQuery,
  blogKeys,
  blogPostQuery,
  blogPostsQuery,
  blogRelatedQuery,
} from "./features/blog/api/blog";
import { subscriptionPlansQuery } from "./lib/plans";
import { meQuery } from "./lib/session";
import { systemStatusQuery } from "./lib/system-status";

export type { PageHead } from "./app/page-head";
export { BLOG_SITE_PATHS, SITE_PATHS, type SitePath } from "./app/site-paths";
export { SITE_HEADS } from "./app/site-routes";
export { SSR_STATE_ID } from "./app/ssr-state";
export type { BlogListFilters } from "./features/blog/api/blog";
export { LANDING_PATHS } from "./features/landing/components/landing-links";

/** A rendered screen: its markup, and the query data it was rendered from (the ssr-state block). */
export type RenderedScreen = { html: string; state: string };

/** What the public screens read (session, plans, system status), from the server's own queries. */
export type SiteScreenData = {
  user: SessionUser | null;
  plans: SubscriptionPlan[];
  systemStatus: SystemStatus;
};

/** A public screen matched by its address, rendered once the server has its data. */
export type SiteScreen = {
  head: PageHead;
  /** A signed-in user is sent on by the screen itself (to ?next or the dashboard): no server render. */
  visitorsOnly: boolean;
  render: (data: SiteScreenData) => RenderedScreen;
};

/** A blog screen's data: the list with its filters, a published post, or none at that slug. */
export type BlogScreenData = {
  /** The site's public origin, for share links (the server's PUBLIC_URL). */
  origin: string;
} & (
  | {
      screen: "list";
      filters: BlogListFilters;
      posts: BlogPostsPage;
      featured: BlogPostCard[];
      categories: BlogCategory[];
    }
  | { screen: "post"; slug: string; post: BlogPostPublic; related: BlogPostCard[] }
  | { screen: "missing-post"; slug: string }
);

/** The site routes under the root layout, as the browser's router has them. */
const siteHandler = createStaticHandler([{ Component: RootLayout, children: siteRoutes }]);
const blogHandler = createStaticHandler([{ Component: RootLayout, children: blogSiteRoutes }]);

/** The route matches at this address, or null when none of the handler's screens is there. */
async function matchRoute(handler: StaticHandler, url: URL): Promise<StaticHandlerContext | null> {
  const context = await handler.query(new Request(url, { signal: AbortSignal.timeout(10_000) }));
  if (context instanceof Response || context.matches.length === 0) return null;
  return context;
}

/** A cache the render reads only what the server put in (never stale: nothing is fetched). */
const serverQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });

function render(
  handler: StaticHandler,
  context: StaticHandlerContext,
  queryClient: QueryClient,
  url: URL,
): RenderedScreen {
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderScreen(
    <AppShell queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppShell>,
    { queryClient, url },
  );
  return { html, state: serializeSsrState(dehydrate(queryClient)) };
}

/**
 * The public screen at this address (its head, and whether it is for visitors only), rendered as
 * the browser's first render will be; null when the path is not a site route.
 */
export async function matchSiteScreen(url: URL): Promise<SiteScreen | null> {
  const context = await matchRoute(siteHandler, url);
  if (!context) return null;
  const handle = context.matches.at(-1)?.route.handle as
    | { head?: PageHead; visitorsOnly?: boolean }
    | undefined;
  const head = handle?.head;
  if (!head) return null;
  return {
    head,
    visitorsOnly: handle.visitorsOnly ?? false,
    render: ({ user, plans, systemStatus }) => {
      const queryClient = serverQueryClient();
      queryClient.setQueryData(meQuery.queryKey, user);
      queryClient.setQueryData(subscriptionPlansQuery.queryKey, plans);
      // Whether payments work decides /pricing's buttons ('Assinar Agora' or 'Fale conosco') in the HTML.
      queryClient.setQueryData(systemStatusQuery.queryKey, systemStatus);
      return render(siteHandler, context, queryClient, url);
    },
  };
}

/**
 * A blog screen rendered with the data server/modules/blog read, as the browser's first render
 * will be. Returns null when the address is not a blog screen.
 */
export async function renderBlogScreen(url: URL, data: BlogScreenData): Promise<RenderedScreen | null> {
  const context = await matchRoute(blogHandler, url);
  if (!context) return null;
  const queryClient = serverQueryClient();
  queryClient.setQueryData(blogKeys.origin(), data.origin);
  if (data.screen === "list") {
    queryClient.setQueryData(blogPostsQuery(data.filters).queryKey, data.posts);
    queryClient.setQueryData(blogFeaturedQuery.queryKey, data.featured);
    queryClient.setQueryData(blogCategoriesQuery.queryKey, data.categories);
  } else if (data.screen === "missing-post") {
    queryClient.setQueryData(blogPostQuery(data.slug).queryKey, null);
  } else {
    queryClient.setQueryData(blogPostQuery(data.slug).queryKey, data.post);
    queryClient.setQueryData(blogRelatedQuery(data.post).queryKey, data.related);
    // The server counts this page's view: the browser does not send the beacon again.
    queryClient.setQueryData(blogKeys.viewed(data.post.id), true);
  }
  return render(blogHandler, context, queryClient, url);
}
