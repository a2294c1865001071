import { APP_NAME } from "@common/brand";
import { paths } from "@common/paths";
import { Logo } from "@web/components/ui/logo";
import { useAuth } from "@web/lib/session";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The date both legal texts were last changed (spec 2); shown on each and kept in one place. */
export const LEGAL_LAST_UPDATED = { iso: "2025-09-19", label: "19 de setembro de 2025" } as const;

export type LegalSection = {
  /** The anchor of the section (#id), linked from the table of contents. */
  id: string;
  title: string;
  content: ReactNode;
};

type LegalDocumentProps = {
  title: string;
  /** A paragraph or two under the title: what the document is and whom it concerns. */
  intro: ReactNode;
  sections: LegalSection[];
  /** When this document changed last, if not on LEGAL_LAST_UPDATED (the privacy policy, 2026-11-28). */
  updated?: { iso: string; label: string };
};

const FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * A legal page (terms, privacy): a light header, the title with the last-updated date, a table of
 * contents and the numbered sections, then the site footer. Pure: rendered on the server as well.
 */
export function LegalDocument({ title, intro, sections, updated = LEGAL_LAST_UPDATED }: LegalDocumentProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-gray-800">
      <a
        href="#conteudo"
        className={`sr-only rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 ${FOCUS}`}
      >
        Pular para o conteúdo
      </a>
      <LegalHeader />
      <main id="conteudo" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="border-b border-gray-200 bg-gradient-to-b from-brand-50/70 to-white">
          <div className="mx-auto max-w-6xl px-4 pt-10 pb-8 sm:px-6 sm:pt-14 lg:px-8">
            <p className="text-sm font-semibold text-brand-700">{APP_NAME} · Documentos legais</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{title}</h1>
            <p className="mt-3 text-sm text-gray-600">
              Última atualização: <time dateTime={updated.iso}>{updated.label}</time>
            </p>
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12 lg:px-8 lg:py-14">
          <TableOfContents sections={sections} />
          <article className="max-w-[70ch] text-base leading-7 sm:text-[1.0625rem] sm:leading-8">
            <div className="space-y-4 text-gray-700">{intro}</div>
            {sections.map((section, index) => (
              <section key={section.id} aria-labelledby={section.id} className="mt-12">
                <h2
                  id={section.id}
                  className="scroll-mt-6 text-xl font-bold tracking-tight text-gray-900 sm:text-2xl"
                >
                  {index + 1}. {section.title}
                </h2>
                <div className="mt-4 space-y-4 text-gray-700">{section.content}</div>
              </section>
            ))}
          </article>
        </div>
      </main>
      <LegalFooter />
    </div>
  );
}

function TableOfContents({ sections }: { sections: LegalSection[] }) {
  return (
    <nav
      aria-labelledby="indice"
      className="mb-10 rounded-xl border border-gray-200 bg-gray-50 p-5 lg:sticky lg:top-6 lg:mb-0 lg:max-h-[calc(100dvh-3rem)] lg:self-start lg:overflow-y-auto lg:border-0 lg:bg-transparent lg:p-0"
    >
      <h2 id="indice" className="text-sm font-semibold text-gray-900">
        Nesta página
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className={`flex gap-2 rounded-md px-2 py-1.5 text-gray-700 hover:bg-gray-100 hover:text-gray-900 lg:-mx-2 ${FOCUS}`}
            >
              <span className="w-5 shrink-0 text-right text-gray-600 tabular-nums">{index + 1}.</span>
              <span>{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function LegalHeader() {
  // The server renders with the session already known, so the first render matches it.
  const { user } = useAuth();
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Logo to="/" />
        <nav aria-label="Conta" className="flex items-center gap-2">
          {user ? (
            <Link
              to={paths.dashboard}
              className={`rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 ${FOCUS}`}
            >
              Ir ao Dashboard
            </Link>
          ) : (
            <>
              <Link
                to={paths.auth}
                className={`rounded-lg px-3 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-100 hover:text-gray-900 ${FOCUS}`}
              >
                Entrar
              </Link>
              <Link
                to={paths.register}
                className={`rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 ${FOCUS}`}
              >
                Começar Grátis
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

function LegalFooter() {
  const link = `rounded text-gray-600 hover:text-gray-900 ${FOCUS}`;
  return (
    <footer className="border-t border-gray-200 bg-gray-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="text-gray-600">{APP_NAME}: Link Bio e links curtos com análise de cliques.</p>
        <nav aria-label="Rodapé">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/" className={link}>
                Início
              </Link>
            </li>
            <li>
              {/* The blog is rendered by the server: a full page load, not a client route. */}
              <a href={paths.blog} className={link}>
                Blog
              </a>
            </li>
            <li>
              <Link to={paths.terms} className={link}>
                Termos de Uso
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className={link}>
                Política de Privacidade
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** A bulleted list in a legal text. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-gray-400">{children}</ul>;
}

/** A sub-heading inside a section. */
export function LegalSubheading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-lg font-semibold text-gray-900">{children}</h3>;
}

/** Pairs of "what" and "how", e.g. a kind of data and how long it is kept. */
export function LegalFacts({ items }: { items: { term: string; detail: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-gray-200 rounded-xl border border-gray-200">
      {items.map((item) => (
        <div key={item.term} className="px-4 py-3 sm:grid sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
          <dt className="font-semibold text-gray-900">{item.term}</dt>
          <dd className="mt-1 sm:mt-0">{item.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An e-mail address as a mailto link. */
export function EmailLink({ address }: { address: string }) {
  return (
    <a
      href={`mailto:${address}`}
      className={`rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600 ${FOCUS}`}
    >
      {address}
    </a>
  );
}

/** A link to another screen of the site inside a legal text. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={`rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600 ${FOCUS}`}
    >
      {children}
    </Link>
  );
}
