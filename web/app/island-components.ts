import type { ComponentType } from "react";

/** Imports each module in a task of its own: evaluated together, they are one long task. */
async function evaluateApart(...imports: (() => Promise<unknown>)[]): Promise<void> {
  for (const load of imports) {
    await load();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * zod and the smallest contract built with it, before a bigger one. NOTE: not `@common/zod` itself:
 * a dynamic import of the module that exports `z` keeps all of zod in the build (every locale).
 */
const zod = () => import("@common/contract/paging");

/**
 * Every island (web/lib/island.tsx) by name, each loaded on its own: a screen fetches the code of the
 * islands it has and nothing else. Their props arrive as JSON (web/app/islands.tsx). An island that
 * reads a contract built with zod has zod and the contract evaluated first, apart (the two weigh
 * more than the island's own code).
 */
export const ISLAND_COMPONENTS: Record<string, () => Promise<ComponentType<never>>> = {
  "pwa-layer": async () => (await import("@web/features/pwa/pwa-layer")).PwaLayer,
  "landing-menu": async () => (await import("@web/features/landing/components/landing-menu")).LandingMenu,
  "unavailable-link-notice": async () =>
    (await import("@web/features/shortened-urls/components/unavailable-link-notice")).UnavailableLinkNotice,
  "auth-form": async () => (await import("@web/features/auth/components/auth-form")).AuthForm,
  "pricing-plans": async () => {
    await evaluateApart(zod, () => import("@common/contract/billing"));
    return (await import("@web/features/billing/components/pricing-plans")).PricingPlans;
  },
  "top-nav": async () => (await import("./components/top-nav")).TopNav,
  "blog-list": async () => (await import("@web/features/blog/components/blog-list-content")).BlogListContent,
  "blog-share": async () => (await import("@web/features/blog/components/blog-share")).BlogShare,
};
