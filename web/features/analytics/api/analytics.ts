import {
  advancedAnalyticsSchema,
  analyticsSummarySchema,
  type PageAnalytics,
  pageAnalyticsSchema,
  type TargetAnalytics,
  targetAnalyticsSchema,
} from "@common/contract/analytics";
import { linkPageListSchema, linkPageSchema } from "@common/contract/link-pages";
import { type ShortenedUrl, shortenedUrlSchema } from "@common/contract/shortened-urls";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

export type AnalyticsRange = "7d" | "30d" | "90d";
export type AnalyticsTargetKind = "shortened-urls" | "link-pages";
export const TARGET_KINDS: readonly AnalyticsTargetKind[] = ["shortened-urls", "link-pages"];

export const analyticsSummaryQuery = queryOptions({
  queryKey: ["analytics", "summary"],
  queryFn: ({ signal }) => api("/api/analytics", { schema: analyticsSummarySchema, signal }),
});

export const advancedAnalyticsQuery = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: ["analytics", "advanced", range],
    queryFn: ({ signal }) =>
      api(`/api/analytics/advanced?range=${range}`, { schema: advancedAnalyticsSchema, signal }),
  });

/** One target's figures, tagged with its kind: a page's are richer (views, blocks, CTR). */
export type TargetFigures =
  | { kind: "shortened-urls"; link: TargetAnalytics }
  | { kind: "link-pages"; page: PageAnalytics };

/** The figures of one short link or Link Bio page over the range; another user's target answers 404. */
export const targetAnalyticsQuery = (kind: AnalyticsTargetKind, id: string, range: AnalyticsRange) =>
  queryOptions({
    queryKey: ["analytics", kind, id, range],
    queryFn: async ({ signal }): Promise<TargetFigures> => {
      const url = `/api/analytics/${kind}/${encodeURIComponent(id)}?range=${range}`;
      return kind === "link-pages"
        ? { kind, page: await api(url, { schema: pageAnalyticsSchema, signal }) }
        : { kind, link: await api(url, { schema: targetAnalyticsSchema, signal }) };
    },
  });

/** A page's figures over the range as CSV, one row per day (a download, not a read of the SPA). */
export const pageAnalyticsCsvPath = (id: string, range: AnalyticsRange) =>
  `/api/link-pages/${encodeURIComponent(id)}/analytics/export.csv?range=${range}`;

/** The user's Link Bio pages, for the overview's way into each page's figures. */
export const analyticsLinkPagesQuery = queryOptions({
  queryKey: ["analytics-target", "link-pages"],
  queryFn: ({ signal }) => api("/api/link-pages", { schema: linkPageListSchema, signal }),
});

/** What the drill-down's header names: the short link or the page itself. */
export type AnalyticsTarget =
  | { kind: "shortened-urls"; url: ShortenedUrl }
  | {
      kind: "link-pages";
      page: { id: number; title: string; slug: string; custom_domain_id: number | null };
    };

export const analyticsTargetQuery = (kind: AnalyticsTargetKind, id: string) =>
  queryOptions({
    queryKey: ["analytics-target", kind, id],
    queryFn: async ({ signal }): Promise<AnalyticsTarget> => {
      const path = `/api/${kind}/${encodeURIComponent(id)}`;
      return kind === "shortened-urls"
        ? { kind, url: await api(path, { schema: shortenedUrlSchema, signal }) }
        : { kind, page: await api(path, { schema: linkPageSchema, signal }) };
    },
  });
