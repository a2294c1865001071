// /auth: login and registration (spec 2). `?mode=register` opens the registration form, so links
// such as the landing page's 'Começar Grátis' can point straight at it.
// `?next=/path` (same-origin paths only) is where the user goes once signed in, e.g. back to the
// checkout chosen on /pricing; otherwise /dashboard. Server-rendered, the form is an island
// (docs/decisions/011): signed in, the browser loads the next page, and with it the app.
import { paths } from "@common/paths";
import { Spinner } from "@web/components/ui/spinner";
import { AuthForm, type AuthMode } from "@web/features/auth/components/auth-form";
import { AuthShell } from "@web/features/auth/components/auth-shell";
import { GoogleSignIn } from "@web/features/auth/components/google-sign-in";
import { Island } from "@web/lib/island";
import { useAuth } from "@web/lib/session";
import { Form, Link, Navigate, useSearchParams } from "react-router";
import type { PageHead } from "../page-head";

export const head: PageHead = {
  title: "Entrar ou criar conta · Atalho",
  description:
    "Entre na sua conta do Atalho ou crie uma grátis para montar sua página Link Bio, encurtar links e ver quem clica.",
  path: paths.auth,
};

const COPY: Record<AuthMode, { title: string; subtitle: string; switchText: string; switchAction: string }> =
  {
    login: {
      title: "Entre na sua conta",
      subtitle: "Bem-vindo de volta! Acesse suas Link Bios, URLs e estatísticas.",
      switchText: "Não tem uma conta?",
      switchAction: "Cadastre-se grátis",
    },
    register: {
      title: "Crie sua conta gratuita",
      subtitle: "Comece em menos de um minuto. Não é preciso cartão de crédito.",
      switchText: "Já tem uma conta?",
      switchAction: "Entrar",
    },
  };

/**
 * A path on this site to continue to, never another origin: "//evil.com", "/\\evil.com" and paths
 * with control characters (browsers drop tabs and newlines, turning "/\t/evil.com" into "//evil.com").
 */
function safeNextPath(value: string | null): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point.
  return value && /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f\u007f]/.test(value)
    ? value
    : paths.dashboard;
}

export function Component() {
  const { user, pending } = useAuth();
  const [params] = useSearchParams();
  const mode: AuthMode = params.get("mode") === "register" ? "register" : "login";
  const next = safeNextPath(params.get("next"));
  const copy = COPY[mode];

  if (pending) return <Spinner />;
  if (user) return <Navigate to={next} replace />;

  return (
    <AuthShell
      title={copy.title}
      subtitle={copy.subtitle}
      back={{ to: "/", label: "Voltar ao início" }}
      below={
        <p className="mt-6 px-4 text-center text-xs leading-relaxed text-gray-500">
          Ao continuar, você concorda com os{" "}
          <Link to={paths.terms} className="font-medium text-gray-700 underline-offset-2 hover:underline">
            Termos de Uso
          </Link>{" "}
          e a{" "}
          <Link to={paths.privacy} className="font-medium text-gray-700 underline-offset-2 hover:underline">
            Política de Privacidade
          </Link>
          .
        </p>
      }
    >
      <Island key={mode} name="auth-form" component={AuthForm} props={{ mode, redirectTo: next }} />
      <GoogleSignIn />
      {/* A GET form, so the switch also works before the script has hydrated the page. */}
      <Form
        method="get"
        action={paths.auth}
        replace
        preventScrollReset
        className="mt-6 text-center text-sm text-gray-600"
      >
        {copy.switchText} {mode === "login" && <input type="hidden" name="mode" value="register" />}
        {params.get("next") && <input type="hidden" name="next" value={next} />}
        <button type="submit" className="font-semibold text-brand-600 hover:text-brand-700 hover:underline">
          {copy.switchAction}
        </button>
      </Form>
    </AuthShell>
  );
}
