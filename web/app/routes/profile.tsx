import { ProfilePage } from "@web/features/account/components/profile-page";
import { useDocumentTitle } from "@web/lib/use-document-title";

// /profile: the signed-in user's own account (from the profile menu).
export function Component() {
  useDocumentTitle("Meu Perfil · Atalho");
  return <ProfilePage />;
}
