import { Link } from "react-router";

export function NotFound() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 px-4 text-center">
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 className="text-xl font-semibold">Página não encontrada</h1>
      <Link to="/" className="text-brand-600 hover:underline">
        Voltar ao início
      </Link>
    </div>
  );
}
