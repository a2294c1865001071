import { useQuery } from "@tanstack/react-query";
import { subscriptionPlansQuery } from "@web/lib/plans";
import { useAuth } from "@web/lib/session";
import { type ReactNode, Suspense } from "react";
import { LandingBenefits } from "./landing-benefits";
import { LandingFinalCta, LandingFooter } from "./landing-closing";
import { LandingFaq } from "./landing-faq";
import { LandingFeatures } from "./landing-features";
import { LandingHeader } from "./landing-header";
import { LandingHero } from "./landing-hero";
import { LandingPricing } from "./landing-pricing";
import { LandingStats } from "./landing-stats";
import { LandingUseCases } from "./landing-use-cases";

/**
 * The landing page (spec 2). It renders the same on the server and in the browser's first render:
 * the session and the plans come pre-filled in the query cache, a pending session reads as signed
 * out, and without plans (none yet, or the call failed) the pricing section is left out.
 */
export function LandingPage({ notice }: { notice?: ReactNode }) {
  const { user } = useAuth();
  const signedIn = Boolean(user);
  const plans = useQuery(subscriptionPlansQuery).data ?? [];
  return (
    <div className="min-h-dvh bg-white text-gray-900">
      <LandingHeader signedIn={signedIn} />
      <main>
        {notice}
        <LandingHero signedIn={signedIn} />
        {/* NOTE: nothing here suspends. A boundary makes React hydrate what it holds later, in
            slices that yield to the browser, instead of in one long task with the first screen. */}
        <Suspense>
          <LandingStats />
          <LandingFeatures />
          <LandingBenefits />
          <LandingUseCases />
          {plans.length > 0 && <LandingPricing plans={plans} signedIn={signedIn} />}
          <LandingFaq plans={plans} />
          <LandingFinalCta signedIn={signedIn} />
        </Suspense>
      </main>
      <Suspense>
        <LandingFooter signedIn={signedIn} />
      </Suspense>
    </div>
  );
}
