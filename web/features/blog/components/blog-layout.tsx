import { blogFeedPath, paths } from "@common/paths";
import { Logo } from "@web/components/ui/logo";
import { type ReactNode, Suspense } from "react";
import { Link } from "react-router";

const NAV_LINK =
  "rounded-lg px-3 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const FOOTER_LINK =
  "rounded text-sm text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * The public blog's frame (spec 2: navigation to /pricing and /dashboard): the same for every
 * reader, signed in or not, so one rendered page serves them all.
 */
export function BlogLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-gray-900">
      <header className="border-b border-gray-200/80 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
          <Logo to="/" />
          <nav aria-label="Principal" className="flex items-center gap-1 sm:gap-2">
            <Link to={paths.blog} className={`${NAV_LINK} hidden sm:inline-flex`}>
              Blog
            </Link>
            <Link to={paths.pricing} className={NAV_LINK}>
              Preços
            </Link>
            <Link
              to={paths.dashboard}
              className="inline-flex items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-sm shadow-brand-600/25 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Dashboard
            </Link>
          </nav>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <Suspense>
        <footer className="border-t border-gray-200 bg-gray-50">
          <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 sm:flex-row sm:px-6 lg:px-8">
            <Logo to="/" />
            <nav aria-label="Rodapé" className="flex flex-wrap justify-center gap-x-6 gap-y-2">
              <Link to={paths.blog} className={FOOTER_LINK}>
                Blog
              </Link>
              <a href={blogFeedPath} className={FOOTER_LINK}>
                RSS
              </a>
              <Link to={paths.pricing} className={FOOTER_LINK}>
                Preços
              </Link>
              <Link to={paths.terms} className={FOOTER_LINK}>
                Termos de Uso
              </Link>
              <Link to={paths.privacy} className={FOOTER_LINK}>
                Política de Privacidade
              </Link>
            </nav>
          </div>
        </footer>
      </Suspense>
    </div>
  );
}
