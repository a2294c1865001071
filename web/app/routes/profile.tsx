import { ProfilePage } from "@web/features/account/components/profile-page";
import { useEffect } from "react";

// /profile: the signed-in user's own account (from the profile menu).
export function Component() {
  useEffect(() => {
    document.title = "Meu Perfil · Atalho";
    return () => {
      document.title = "Atalho";
    };
  }, []);
  return <ProfilePage />;
}
