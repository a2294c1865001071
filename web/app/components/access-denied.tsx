import { paths } from "@common/paths";
import { ArrowLeft, ShieldAlert } from "lucide-react";
import { Link } from "react-router";

/** What a signed-in user without the admin flag sees on /admin (spec 2). */
export function AccessDenied() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-red-50 text-red-600 ring-1 ring-red-100">
          <ShieldAlert className="h-7 w-7" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-gray-900">Acesso Negado</h1>
        <p className="mt-2 text-gray-600">Esta área é exclusiva para administradores.</p>
        <Link
          to={paths.dashboard}
          className="mt-6 inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Voltar ao Dashboard
        </Link>
      </div>
    </div>
  );
}
