import type { AdminPlan } from "@common/contract/admin";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { adminKeys } from "./admin-keys";

/** GET /api/admin/subscription-plans: every plan, active or not, with its subscribers. */
export const adminPlansQuery = queryOptions({
  queryKey: adminKeys.plans,
  queryFn: ({ signal }) => api<AdminPlan[]>("/api/admin/subscription-plans", { signal }),
});
