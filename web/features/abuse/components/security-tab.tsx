import { SectionHeader } from "@web/components/ui/section-header";
import { adminTabPath } from "@web/lib/admin-tabs";
import { Link } from "react-router";
import { BlockedDomains } from "./blocked-domains";

/** 'Segurança': the block list of target domains; other shorteners are in Configurações. */
export function SecurityTab() {
  return (
    <div className="space-y-6">
      <SectionHeader
        title="Segurança"
        description={
          <>
            Proteja quem clica nos links do Atalho. Para recusar links de outros encurtadores, veja{" "}
            <Link to={adminTabPath("configuracoes")} className="font-medium text-brand-700 hover:underline">
              Configurações
            </Link>
            .
          </>
        }
      />
      <BlockedDomains />
    </div>
  );
}
