import type { ShortenedUrl } from "@common/contract/shortened-urls";
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AnalyticsTarget,
  type AnalyticsTargetKind,
  analyticsTargetQuery,
  TARGET_KINDS,
} from "@web/features/analytics/api/analytics";
import { TargetAnalytics, TargetNotFound } from "@web/features/analytics/components/target-analytics";
import { publicPageUrl } from "@web/features/link-pages/public-url";
import { type ShortenedUrlPage, shortenedUrlKeys } from "@web/features/shortened-urls/api/shortened-urls";
import { shortUrlOf } from "@web/features/shortened-urls/components/short-link";
import { useAvailableDomains } from "@web/lib/available-domains";
import { useParams } from "react-router";

// /analytics/:kind/:id: the drill-down of one short link or Link Bio page. The route names the
// target (it needs both features: the target's own data and the domains for its public address).
export function Component() {
  const { kind, id = "" } = useParams();
  if (!TARGET_KINDS.includes(kind as AnalyticsTargetKind) || !/^\d+$/.test(id)) {
    return <TargetNotFound kind={null} />;
  }
  const targetKind = kind as AnalyticsTargetKind;
  return <TargetAnalytics kind={targetKind} id={id} heading={<TargetHeading kind={targetKind} id={id} />} />;
}

function TargetHeading({ kind, id }: { kind: AnalyticsTargetKind; id: string }) {
  const queryClient = useQueryClient();
  const target = useQuery({
    ...analyticsTargetQuery(kind, id),
    initialData: () => (kind === "shortened-urls" ? cachedShortUrl(queryClient, Number(id)) : undefined),
  });
  const domains = useAvailableDomains();
  const named = target.data ? describeTarget(target.data, domains) : null;
  return (
    <>
      <p className="text-sm font-medium text-brand-600">
        {kind === "shortened-urls" ? "Estatísticas do link curto" : "Estatísticas da Link Bio"}
      </p>
      {target.isPending ? (
        <div className="mt-1 h-8 w-64 max-w-full animate-pulse rounded bg-gray-200" />
      ) : (
        <h1 className="truncate text-2xl font-bold text-gray-900" title={named?.title}>
          {named?.title ?? (kind === "shortened-urls" ? `Link curto #${id}` : `Link Bio #${id}`)}
        </h1>
      )}
      {named && (
        <a
          href={named.href}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-0.5 block truncate font-mono text-sm text-gray-500 hover:text-brand-600"
        >
          {named.href.replace(/^https?:\/\//, "")}
        </a>
      )}
    </>
  );
}

function describeTarget(target: AnalyticsTarget, domains: ReturnType<typeof useAvailableDomains>) {
  if (target.kind === "shortened-urls") {
    return { title: target.url.title || target.url.original_url, href: shortUrlOf(target.url, domains) };
  }
  return {
    title: target.page.title,
    href: publicPageUrl(target.page.slug, target.page.custom_domain_id, domains),
  };
}

/** The link as the shortener's list already has it: the header shows at once when coming from there. */
function cachedShortUrl(queryClient: QueryClient, id: number): AnalyticsTarget | undefined {
  for (const [, data] of queryClient.getQueriesData<ShortenedUrlPage | InfiniteData<ShortenedUrlPage>>({
    queryKey: shortenedUrlKeys.all,
  })) {
    const pages = !data ? [] : "pages" in data ? data.pages : [data];
    const url = pages.flatMap((page) => page.items).find((u: ShortenedUrl) => u.id === id);
    if (url) return { kind: "shortened-urls", url };
  }
  return undefined;
}
