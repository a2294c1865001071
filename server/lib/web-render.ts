// The server's one door into web/: the public screens it renders (site, blog) and what they read
// come from web/entry-server.tsx through this file, and no other server file imports web code
// (docs/architecture.md; biome.json's noRestrictedImports holds it).
export {
  type BlogListFilters,
  type BlogScreenData,
  LANDING_PATHS,
  matchSiteScreen,
  type PageHead,
  type RenderedScreen,
  renderBlogScreen,
  SITE_HEADS,
  SITE_PATHS,
  type SiteScreen,
  type SiteScreenData,
  SSR_STATE_ID,
} from "../../web/entry-server";
