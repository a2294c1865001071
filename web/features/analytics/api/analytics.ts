import {
  advancedAnalyticsSchema,
  analyticsSummarySchema,
  type PageAnalytics,
  pageAnalyticsSchema,
  type TargetAnalytics,
  targetAnalyticsSchema,
} from "@common/contract/analytics";
import { linkPageSchema } from "@common/contract/link-pages";
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

/**
 * The drill-down of one short link or Link Bio page (a page's with the clicks of each block);
 * another user's target answers 404.
 */
export const targetAnalyticsQuery = (kind: AnalyticsTargetKind, id: string, range: AnalyticsRange) =>
  queryOptions({
    queryKey: ["analytics", kind, id, range],
    queryFn: ({ signal }): Promise<TargetAnalytics & Partial<Pick<PageAnalytics, "blocks">>> => {
      const url = `/api/analytics/${kind}/${encodeURIComponent(id)}?range=${range}`;
      return kind === "link-pages"
        ? api(url, { schema: pageAnalyticsSchema, signal })
        : api(url, { schema: targetAnalyticsSchema, signal });
    },
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
