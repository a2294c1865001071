// /terms (spec 2): the terms of use, server-rendered for visitors and search engines, then hydrated.
import { PRIVACY_CONTACT_EMAIL } from "@common/brand";
import { paths } from "@common/paths";
import { TermsOfUse } from "@web/features/legal/terms-of-use";
import { useDocumentTitle } from "@web/lib/use-document-title";
import type { PageHead } from "../page-head";

export const head: PageHead = {
  title: "Termos de Uso · Atalho",
  description:
    "Termos de Uso do Atalho: conta, uso aceitável, planos mensais e anuais pagos pelo Mercado Pago, cancelamento, reembolsos, responsabilidades e lei brasileira.",
  path: paths.terms,
};

export function Component() {
  useDocumentTitle(head.title);
  return <TermsOfUse contactEmail={PRIVACY_CONTACT_EMAIL} />;
}
