// /privacy (spec 2): the privacy policy, server-rendered for visitors and search engines, then hydrated.
import { PRIVACY_CONTACT_EMAIL } from "@common/brand";
import { paths } from "@common/paths";
import { PrivacyPolicy } from "@web/features/legal/privacy-policy";
import { useDocumentTitle } from "@web/lib/use-document-title";
import type { PageHead } from "../page-head";

export const head: PageHead = {
  title: "Política de Privacidade · Atalho",
  description:
    "Como o Atalho trata seus dados pela LGPD e pelo Marco Civil: o que guardamos e por quanto tempo, cliques sem IP, registros de acesso, cookies e seus direitos.",
  path: paths.privacy,
};

export function Component() {
  useDocumentTitle(head.title);
  return <PrivacyPolicy contactEmail={PRIVACY_CONTACT_EMAIL} />;
}
