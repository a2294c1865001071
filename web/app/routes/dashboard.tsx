// /dashboard (spec 2): greeting, the three figures, quick actions, the Link Bio list and the
// recent short links. Each piece comes from its feature; the figures share their lists' queries.
import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@web/components/ui/page-header";
import { analyticsSummaryQuery } from "@web/features/analytics/api/analytics";
import { DashboardStatCards, QuickActions } from "@web/features/analytics/components/dashboard-stat-cards";
import { VerifyEmailBanner } from "@web/features/auth/components/verify-email-banner";
import { linkPagesQuery } from "@web/features/link-pages/api/link-pages-query";
import { LinkPagesDashboardList } from "@web/features/link-pages/components/link-pages-dashboard-list";
import { shortenedUrlsQuery } from "@web/features/shortened-urls/api/shortened-urls";
import { RECENT_URLS, RecentUrls } from "@web/features/shortened-urls/components/recent-urls";
import { useAuth } from "@web/lib/session";

export function Component() {
  const { user } = useAuth();
  const linkPages = useQuery(linkPagesQuery);
  // The same cache entry RecentUrls reads: the total comes with it, at no extra request.
  const shortenedUrls = useQuery(shortenedUrlsQuery({ limit: RECENT_URLS }));
  // Total de Cliques: every human click on the user's links, the sum of their click_count.
  const summary = useQuery(analyticsSummaryQuery);

  return (
    <div className="space-y-8">
      <VerifyEmailBanner />
      <PageHeader
        title={`Olá, ${user?.first_name || user?.email}!`}
        description="Aqui está um resumo das suas Link Bios, URLs encurtadas e cliques."
      />
      <DashboardStatCards
        linkPages={linkPages.data?.length}
        shortenedUrls={shortenedUrls.data?.total ?? undefined}
        totalClicks={summary.data?.total_clicks}
      />
      <QuickActions />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <LinkPagesDashboardList />
        <RecentUrls />
      </div>
    </div>
  );
}
