import { Construction } from "lucide-react";
import { Link } from "react-router";

/** Screens that later issues build (billing, admin, blog, landing…) show this until then. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <Construction className="h-12 w-12 text-amber-500" aria-hidden />
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      <p className="text-gray-600">Esta página está em construção. Volte em breve!</p>
      <Link to="/" className="text-brand-600 hover:underline">
        Voltar ao início
      </Link>
    </div>
  );
}
