import { AnalyticsOverview } from "@web/features/analytics/components/analytics-overview";

// /analytics: the account's click analytics.
export function Component() {
  return <AnalyticsOverview />;
}
