import { adminTabPath } from "@web/lib/admin-tabs";
import { Link } from "react-router";
import { BlockedDomains } from "./blocked-domains";

/** 'Segurança': the block list of target domains; other shorteners are in Configurações. */
export function SecurityTab() {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-bold text-gray-900">Segurança</h2>
        <p className="mt-1 text-sm text-gray-500">
          Proteja quem clica nos links do Atalho. Para recusar links de outros encurtadores, veja{" "}
          <Link to={adminTabPath("configuracoes")} className="font-medium text-brand-700 hover:underline">
            Configurações
          </Link>
          .
        </p>
      </div>
      <BlockedDomains />
    </div>
  );
}
