// /dashboard: the greeting; the stats and lists of spec 2 sit below it.
import { PageHeader } from "@web/components/ui/page-header";
import { useAuth } from "@web/features/auth/use-auth";

export function Component() {
  const { user } = useAuth();
  return (
    <div className="space-y-8">
      <PageHeader
        title={`Olá, ${user?.first_name || user?.email}!`}
        description="Aqui está um resumo das suas Link Bios, URLs encurtadas e cliques."
      />
    </div>
  );
}
