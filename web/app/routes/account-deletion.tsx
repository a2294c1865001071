import { AccountDeletionPage } from "@web/features/account/components/account-deletion-page";
import { useDocumentTitle } from "@web/lib/use-document-title";

// /profile/excluir-conta: the account's deletion (LGPD), linked from the profile.
export function Component() {
  useDocumentTitle("Excluir minha conta · Atalho");
  return <AccountDeletionPage />;
}
