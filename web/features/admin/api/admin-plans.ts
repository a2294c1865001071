import { adminPlanListSchema } from "@common/contract/admin";
import { queryOptions } from "@tanstack/react-query";
import { adminKeys } from "@web/lib/admin-keys";
import { api } from "@web/lib/api-client";

/** GET /api/admin/subscription-plans: every plan, active or not, with its subscribers. */
export const adminPlansQuery = queryOptions({
  queryKey: adminKeys.plans,
  queryFn: ({ signal }) => api("/api/admin/subscription-plans", { schema: adminPlanListSchema, signal }),
});
