import { Logo } from "@web/components/ui/logo";
import { Island } from "@web/lib/island";
import { Link } from "react-router";
import { CtaLink, LANDING_PATHS } from "./landing-links";
import { LandingMenu } from "./landing-menu";

const NAV_LINK =
  "rounded-lg px-3 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * The landing header (spec 2): Blog, Preços, Entrar and 'Começar Grátis' for visitors, 'Ir ao
 * Dashboard' when signed in. Below md, Blog, Preços and Entrar move into a disclosure menu
 * (./landing-menu.tsx).
 */
export function LandingHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="relative z-30 border-b border-gray-200/80 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Logo to="/" />
        <nav aria-label="Principal" className="flex items-center gap-1 sm:gap-2">
          <div className="hidden items-center gap-1 md:flex">
            {/* The blog is rendered by the server: a full page load, not a client route. */}
            <a href={LANDING_PATHS.blog} className={NAV_LINK}>
              Blog
            </a>
            <Link to={LANDING_PATHS.pricing} className={NAV_LINK}>
              Preços
            </Link>
            {!signedIn && (
              <Link to={LANDING_PATHS.signIn} className={NAV_LINK}>
                Entrar
              </Link>
            )}
          </div>
          {signedIn ? (
            <CtaLink to={LANDING_PATHS.dashboard}>Ir ao Dashboard</CtaLink>
          ) : (
            <CtaLink to={LANDING_PATHS.register}>Começar Grátis</CtaLink>
          )}
          <Island
            name="landing-menu"
            component={LandingMenu}
            props={{
              items: [
                { href: LANDING_PATHS.blog, label: "Blog" },
                { href: LANDING_PATHS.pricing, label: "Preços" },
                ...(signedIn ? [] : [{ href: LANDING_PATHS.signIn, label: "Entrar" }]),
              ],
            }}
          />
        </nav>
      </div>
    </header>
  );
}
