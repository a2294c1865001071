import { AUTH_MESSAGES, PASSWORD_HINT } from "@common/contract/auth-messages";
import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Notice } from "@web/components/ui/notice";
import { PasswordField } from "@web/components/ui/password-field";
import { EmailField, TextField } from "@web/components/ui/text-field";
import { authErrorMessage } from "@web/lib/auth-error";
import { systemStatusQuery } from "@web/lib/system-status";
import { useContractForm } from "@web/lib/use-contract-form";
import { DoorClosed } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { type SignInInput, useSignIn } from "../use-auth";

export type AuthMode = "login" | "register";

const EMPTY = { first_name: "", last_name: "", email: "", password: "" };

/**
 * The API's own schemas, loaded once someone starts on the form (focus, or the submit itself): zod
 * is most of their weight, and a visitor who only reads the page never needs it.
 */
const loadSchemas = () => import("@common/contract/auth");

/**
 * Login or registration, validated with the same zod schemas as the API. The parent remounts it
 * (key = mode) when the mode switches, which clears the fields and the error (spec 2). On success the
 * user goes to `redirectTo` (a same-origin path the parent has checked).
 * NOTE: /auth arrives rendered by the server, and people type before the script has hydrated it.
 * The inputs are therefore uncontrolled and read on submit (React state would miss what was typed
 * first, and clear it), and the button waits for hydration (a native submit would go nowhere).
 */
export function AuthForm({ mode, redirectTo = paths.dashboard }: { mode: AuthMode; redirectTo?: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const signIn = useSignIn();
  const navigate = useNavigate();
  const isRegister = mode === "register";
  // Closed registrations are said before anyone fills the form; the server refuses them anyway.
  const status = useQuery({ ...systemStatusQuery, enabled: isRegister });
  const closed = isRegister && status.data?.registration_enabled === false;
  const form = useContractForm({
    schema: async () => {
      const schemas = await loadSchemas();
      return isRegister ? schemas.registerBodySchema : schemas.loginBodySchema;
    },
    initialValues: EMPTY,
    uncontrolled: true,
    onSubmit: async (body) => {
      await signIn.mutateAsync({ mode, body } as SignInInput);
      navigate(redirectTo, { replace: true });
    },
    onInvalid: (_, element) =>
      requestAnimationFrame(() => element?.querySelector<HTMLInputElement>("[aria-invalid]")?.focus()),
    describeError: authErrorMessage,
  });

  return (
    <form
      method="post"
      onSubmit={(event) => (closed ? event.preventDefault() : void form.handleSubmit(event))}
      onFocus={() => void loadSchemas()}
      noValidate
      className="space-y-5"
    >
      {closed && (
        <Notice tone="warning" icon={DoorClosed}>
          {AUTH_MESSAGES.registrationClosed} Quem já tem conta pode entrar normalmente.
        </Notice>
      )}
      {form.formError && <Notice tone="error">{form.formError}</Notice>}

      <fieldset disabled={closed} className="space-y-5 disabled:opacity-60">
        {isRegister && (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Nome"
              autoComplete="given-name"
              placeholder="Maria"
              {...form.field("first_name")}
            />
            <TextField
              label="Sobrenome"
              autoComplete="family-name"
              placeholder="Silva"
              labelAside={<span className="text-xs text-gray-500">Opcional</span>}
              {...form.field("last_name")}
            />
          </div>
        )}

        <EmailField label="Email" placeholder="voce@exemplo.com" {...form.field("email")} />

        <PasswordField
          label="Senha"
          autoComplete={isRegister ? "new-password" : "current-password"}
          placeholder={isRegister ? "Crie uma senha" : "Sua senha"}
          hint={isRegister ? PASSWORD_HINT : undefined}
          {...form.field("password")}
          labelAside={
            !isRegister && (
              <Link
                to={paths.forgotPassword}
                className="text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
              >
                Esqueceu sua senha?
              </Link>
            )
          }
        />
      </fieldset>

      <Button type="submit" loading={form.busy} disabled={closed || !hydrated} className="w-full py-3">
        {form.busy
          ? isRegister
            ? "Criando conta..."
            : "Entrando..."
          : isRegister
            ? "Criar conta"
            : "Entrar"}
      </Button>
    </form>
  );
}
