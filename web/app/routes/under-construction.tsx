import { paths } from "@common/paths";
import { ButtonLink } from "@web/components/ui/button";
import { useAuth } from "@web/lib/session";
import { ArrowLeft, Hammer } from "lucide-react";

/** Screens that later issues build (billing, admin, blog, landing…) show this until then. */
export function UnderConstruction({ title }: { title: string }) {
  const { user } = useAuth();
  const back = user
    ? { to: paths.dashboard, label: "Ir ao Dashboard" }
    : { to: "/", label: "Voltar ao início" };
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-amber-50 text-amber-600 ring-1 ring-amber-100">
          <Hammer className="h-7 w-7" aria-hidden />
        </span>
        <p className="mt-5 text-xs font-semibold tracking-wider text-amber-600 uppercase">Em construção</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
        <p className="mt-2 text-gray-600">Esta página está em construção. Volte em breve!</p>
        <ButtonLink to={back.to} className="mt-6">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {back.label}
        </ButtonLink>
      </div>
    </div>
  );
}
