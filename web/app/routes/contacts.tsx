import { useQuery } from "@tanstack/react-query";
import { LeadsPage } from "@web/features/leads/components/leads-page";
import { linkPagesQuery } from "@web/features/link-pages/api/link-pages-query";
import { useDocumentTitle } from "@web/lib/use-document-title";

// /contacts: the contacts the forms of the user's Link Bio pages received (issue 37). The pages
// come from the Link Bio feature's own read, for the page filter and each contact's page.
export function Component() {
  useDocumentTitle("Contatos · Atalho");
  const pages = useQuery(linkPagesQuery);
  return <LeadsPage pages={pages.data?.map(({ id, title }) => ({ id, title }))} />;
}
