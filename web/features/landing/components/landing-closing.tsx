import { APP_NAME } from "@common/brand";
import { Logo } from "@web/components/ui/logo";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CtaLink, LANDING_PATHS } from "./landing-links";

/** The last call to action, on the brand colour. */
export function LandingFinalCta({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="final-cta-title" className="px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-700 to-indigo-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(30rem_18rem_at_100%_0%,rgb(255_255_255/0.12),transparent_70%)]"
        />
        <h2
          id="final-cta-title"
          className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          Seu próximo link pode começar a contar cliques hoje
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-50">
          Crie sua conta grátis, publique sua Link Bio e compartilhe seu primeiro link curto em poucos
          minutos.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {signedIn ? (
            <CtaLink to={LANDING_PATHS.dashboard} look="inverted" size="lg">
              Ir ao Dashboard
              <ArrowRight className="h-4 w-4" aria-hidden />
            </CtaLink>
          ) : (
            <CtaLink to={LANDING_PATHS.register} look="inverted" size="lg">
              Criar conta grátis
              <ArrowRight className="h-4 w-4" aria-hidden />
            </CtaLink>
          )}
          <CtaLink to={LANDING_PATHS.pricing} look="outlineInverted" size="lg">
            Ver planos
          </CtaLink>
        </div>
      </div>
    </section>
  );
}

const FOOTER_LINK =
  "rounded text-sm text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * Links to the blog, plans and legal pages. NOTE: no year beside the ©: a year read at render could
 * differ between the server and the browser around New Year, and a constant one goes stale.
 */
export function LandingFooter({ signedIn }: { signedIn: boolean }) {
  return (
    <footer className="border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:px-8">
        <div>
          <Logo to="/" />
          <p className="mt-4 max-w-xs text-sm text-gray-600">
            Páginas Link Bio, links curtos e análise de cliques, feitos no Brasil e em português.
          </p>
        </div>
        <nav aria-label="Rodapé" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          <div>
            <h2 className="text-sm font-semibold text-gray-900">Produto</h2>
            <ul className="mt-3 space-y-2.5">
              <li>
                <Link to={LANDING_PATHS.pricing} className={FOOTER_LINK}>
                  Preços
                </Link>
              </li>
              <li>
                <a href={LANDING_PATHS.blog} className={FOOTER_LINK}>
                  Blog
                </a>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="text-sm font-semibold text-gray-900">Conta</h2>
            <ul className="mt-3 space-y-2.5">
              {signedIn ? (
                <li>
                  <Link to={LANDING_PATHS.dashboard} className={FOOTER_LINK}>
                    Ir ao Dashboard
                  </Link>
                </li>
              ) : (
                <>
                  <li>
                    <Link to={LANDING_PATHS.signIn} className={FOOTER_LINK}>
                      Entrar
                    </Link>
                  </li>
                  <li>
                    <Link to={LANDING_PATHS.register} className={FOOTER_LINK}>
                      Criar conta
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </div>
          <div>
            <h2 className="text-sm font-semibold text-gray-900">Legal</h2>
            <ul className="mt-3 space-y-2.5">
              <li>
                <Link to={LANDING_PATHS.terms} className={FOOTER_LINK}>
                  Termos de Uso
                </Link>
              </li>
              <li>
                <Link to={LANDING_PATHS.privacy} className={FOOTER_LINK}>
                  Política de Privacidade
                </Link>
              </li>
            </ul>
          </div>
        </nav>
      </div>
      <div className="border-t border-gray-200">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-gray-600 sm:px-6 lg:px-8">
          © {APP_NAME}. Pagamentos processados pelo Mercado Pago.
        </p>
      </div>
    </footer>
  );
}
