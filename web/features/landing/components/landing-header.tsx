import { Logo } from "@web/components/ui/logo";
import { Menu, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { CtaLink, LANDING_PATHS } from "./landing-links";

const NAV_LINK =
  "rounded-lg px-3 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * The landing header (spec 2): Blog, Preços, Entrar and 'Começar Grátis' for visitors, 'Ir ao
 * Dashboard' when signed in. Below md, Blog, Preços and Entrar move into a disclosure menu.
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
          <MobileMenu signedIn={signedIn} />
        </nav>
      </div>
    </header>
  );
}

/** A <details> menu: it opens without JavaScript; once hydrated it also closes on Escape and outside clicks. */
function MobileMenu({ signedIn }: { signedIn: boolean }) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const onClick = (event: MouseEvent) => {
      if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  const item =
    "block rounded-lg px-3 py-2.5 text-sm font-semibold text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600";
  return (
    <details ref={ref} className="group relative md:hidden">
      <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <Menu className="h-5 w-5 group-open:hidden" aria-hidden />
        <X className="hidden h-5 w-5 group-open:block" aria-hidden />
        <span className="sr-only">Menu</span>
      </summary>
      <div className="absolute top-12 right-0 w-56 rounded-xl bg-white p-2 shadow-lg ring-1 ring-gray-200">
        <a href={LANDING_PATHS.blog} className={item}>
          Blog
        </a>
        <Link to={LANDING_PATHS.pricing} className={item}>
          Preços
        </Link>
        {!signedIn && (
          <Link to={LANDING_PATHS.signIn} className={item}>
            Entrar
          </Link>
        )}
      </div>
    </details>
  );
}
