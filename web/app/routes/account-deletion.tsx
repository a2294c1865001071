import { AccountDeletionPage } from "@web/features/account/components/account-deletion-page";
import { useEffect } from "react";

// /profile/excluir-conta: the account's deletion (LGPD), linked from the profile.
export function Component() {
  useEffect(() => {
    document.title = "Excluir minha conta · Atalho";
    return () => {
      document.title = "Atalho";
    };
  }, []);
  return <AccountDeletionPage />;
}
