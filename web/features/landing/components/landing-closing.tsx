import { APP_NAME } from "@common/brand";
import { Logo } from "@web/components/ui/logo";
import { Link } from "react-router";
import { LANDING_PATHS, StartCtas } from "./landing-links";

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
        <StartCtas signedIn={signedIn} startLabel="Criar conta grátis" inverted className="justify-center" />
      </div>
    </section>
  );
}

/** The footer's columns; `page`: a page the server renders apart (the blog), loaded in full. */
const footerColumns = (
  signedIn: boolean,
): { title: string; links: { label: string; to: string; page?: boolean }[] }[] => [
  {
    title: "Produto",
    links: [
      { label: "Preços", to: LANDING_PATHS.pricing },
      { label: "Blog", to: LANDING_PATHS.blog, page: true },
    ],
  },
  {
    title: "Conta",
    links: signedIn
      ? [{ label: "Ir ao Dashboard", to: LANDING_PATHS.dashboard }]
      : [
          { label: "Entrar", to: LANDING_PATHS.signIn },
          { label: "Criar conta", to: LANDING_PATHS.register },
        ],
  },
  {
    title: "Legal",
    links: [
      { label: "Termos de Uso", to: LANDING_PATHS.terms },
      { label: "Política de Privacidade", to: LANDING_PATHS.privacy },
    ],
  },
];

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
          {footerColumns(signedIn).map(({ title, links }) => (
            <div key={title}>
              <h2 className="text-sm font-semibold text-gray-900">{title}</h2>
              <ul className="mt-3 space-y-2.5">
                {links.map(({ label, to, page }) => (
                  <li key={label}>
                    {page ? (
                      <a href={to} className={FOOTER_LINK}>
                        {label}
                      </a>
                    ) : (
                      <Link to={to} className={FOOTER_LINK}>
                        {label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
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
