import { PRICING_PATH } from "@common/contract/billing";
import { paths } from "@common/paths";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** Where the landing page sends people (one spelling of each path). */
export const LANDING_PATHS = {
  register: paths.register,
  signIn: paths.auth,
  dashboard: paths.dashboard,
  pricing: PRICING_PATH,
  blog: paths.blog,
  terms: paths.terms,
  privacy: paths.privacy,
} as const;

const LOOKS = {
  primary:
    "bg-brand-600 text-white shadow-sm shadow-brand-600/25 hover:bg-brand-700 focus-visible:outline-brand-600",
  secondary:
    "bg-white text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-brand-600",
  inverted: "bg-white text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-white",
  outlineInverted: "text-white ring-1 ring-white/60 ring-inset hover:bg-white/10 focus-visible:outline-white",
} as const;

const SIZES = { md: "px-4 py-2 text-sm", lg: "px-6 py-3 text-base" } as const;

/** A call to action that looks like a button and navigates like a link. */
export function CtaLink({
  to,
  look = "primary",
  size = "md",
  className = "",
  children,
}: {
  to: string;
  look?: keyof typeof LOOKS;
  size?: keyof typeof SIZES;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${LOOKS[look]} ${SIZES[size]} ${className}`}
    >
      {children}
    </Link>
  );
}

/**
 * The pair of big calls to action: start (or, signed in, the dashboard) and the plans; `inverted`
 * on the brand colour.
 */
export function StartCtas({
  signedIn,
  startLabel,
  inverted = false,
  className = "",
}: {
  signedIn: boolean;
  startLabel: string;
  inverted?: boolean;
  className?: string;
}) {
  return (
    <div className={`mt-8 flex flex-col gap-3 sm:flex-row ${className}`}>
      <CtaLink
        to={signedIn ? LANDING_PATHS.dashboard : LANDING_PATHS.register}
        look={inverted ? "inverted" : "primary"}
        size="lg"
      >
        {signedIn ? "Ir ao Dashboard" : startLabel}
        <ArrowRight className="h-4 w-4" aria-hidden />
      </CtaLink>
      <CtaLink to={LANDING_PATHS.pricing} look={inverted ? "outlineInverted" : "secondary"} size="lg">
        Ver planos
      </CtaLink>
    </div>
  );
}

/** A section's eyebrow, title (h2) and lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  inverted = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  inverted?: boolean;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p
        className={`text-sm font-semibold tracking-wide uppercase ${inverted ? "text-brand-100" : "text-brand-700"}`}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${inverted ? "text-white" : "text-gray-900"}`}
      >
        {title}
      </h2>
      {children && (
        <p
          className={`mt-4 text-base text-pretty sm:text-lg ${inverted ? "text-gray-300" : "text-gray-600"}`}
        >
          {children}
        </p>
      )}
    </div>
  );
}
