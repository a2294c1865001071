import { AUTH_MESSAGES, PASSWORD_HINT } from "@common/contract/auth-messages";
import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { PasswordField } from "@web/components/ui/password-field";
import { TextField } from "@web/components/ui/text-field";
import { authErrorMessage, authFieldErrors } from "@web/lib/auth-error";
import { systemStatusQuery } from "@web/lib/system-status";
import { AlertCircle, DoorClosed } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useNavigate } from "react-router";
import { type SignInInput, useSignIn } from "../use-auth";

export type AuthMode = "login" | "register";

const FIELDS = ["first_name", "last_name", "email", "password"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

type FieldErrors = Partial<Record<Field, string>>;

/**
 * The API's own schemas, loaded once someone starts on the form (focus, or the submit itself): zod
 * is most of their weight, and a visitor who only reads the page never needs it.
 */
const loadSchemas = () => import("@common/contract/auth");
type Schemas = Awaited<ReturnType<typeof loadSchemas>>;

/** The form's values checked by the API's own schema: the body to send, or one message per field. */
function parseAuthForm(
  { loginBodySchema, registerBodySchema }: Schemas,
  mode: AuthMode,
  values: Values,
): { input: SignInInput } | { errors: FieldErrors } {
  const firstPerField = (issues: { path: PropertyKey[]; message: string }[]) => {
    const errors: FieldErrors = {};
    for (const issue of issues) errors[issue.path[0] as Field] ??= issue.message;
    return { errors };
  };
  if (mode === "register") {
    const result = registerBodySchema.safeParse(values);
    return result.success ? { input: { mode, body: result.data } } : firstPerField(result.error.issues);
  }
  const result = loginBodySchema.safeParse(values);
  return result.success ? { input: { mode, body: result.data } } : firstPerField(result.error.issues);
}

/** The fields as typed: read from the form itself (absent fields, e.g. the name at login, are ""). */
function formValues(form: HTMLFormElement): Values {
  const data = new FormData(form);
  return Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? "")])) as Values;
}

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
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const signIn = useSignIn();
  const navigate = useNavigate();
  const isRegister = mode === "register";
  // Closed registrations are said before anyone fills the form; the server refuses them anyway.
  const status = useQuery({ ...systemStatusQuery, enabled: isRegister });
  const closed = isRegister && status.data?.registration_enabled === false;

  const clearError = (field: Field) => () =>
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>("[aria-invalid]")?.focus());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || closed) return;
    const values = formValues(event.currentTarget);
    const parsed = parseAuthForm(await loadSchemas(), mode, values);
    // NOTE: past the await these updates are no longer the submit event's, which React renders at
    // once: flushSync does, so the focus finds the fields marked invalid.
    flushSync(() => {
      setFormError("");
      setFieldErrors("errors" in parsed ? parsed.errors : {});
    });
    if ("errors" in parsed) {
      focusFirstInvalid();
      return;
    }
    signIn.mutate(parsed.input, {
      onSuccess: () => navigate(redirectTo, { replace: true }),
      onError: (error) => {
        setFormError(authErrorMessage(error));
        setFieldErrors(authFieldErrors(error));
      },
    });
  };

  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void loadSchemas()}
      noValidate
      className="space-y-5"
    >
      {closed && (
        <div
          role="status"
          className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-800"
        >
          <DoorClosed className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{AUTH_MESSAGES.registrationClosed} Quem já tem conta pode entrar normalmente.</span>
        </div>
      )}
      {formError && (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-700"
        >
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{formError}</span>
        </div>
      )}

      <fieldset disabled={closed} className="space-y-5 disabled:opacity-60">
        {isRegister && (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Nome"
              name="first_name"
              autoComplete="given-name"
              placeholder="Maria"
              onChange={clearError("first_name")}
              error={fieldErrors.first_name}
            />
            <TextField
              label="Sobrenome"
              name="last_name"
              autoComplete="family-name"
              placeholder="Silva"
              labelAside={<span className="text-xs text-gray-500">Opcional</span>}
              onChange={clearError("last_name")}
              error={fieldErrors.last_name}
            />
          </div>
        )}

        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="voce@exemplo.com"
          onChange={clearError("email")}
          error={fieldErrors.email}
        />

        <PasswordField
          label="Senha"
          name="password"
          autoComplete={isRegister ? "new-password" : "current-password"}
          placeholder={isRegister ? "Crie uma senha" : "Sua senha"}
          hint={isRegister ? PASSWORD_HINT : undefined}
          onChange={clearError("password")}
          error={fieldErrors.password}
          labelAside={
            !isRegister && (
              <Link
                to="/auth/esqueci-senha"
                className="text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
              >
                Esqueceu sua senha?
              </Link>
            )
          }
        />
      </fieldset>

      <Button type="submit" loading={signIn.isPending} disabled={closed || !hydrated} className="w-full py-3">
        {signIn.isPending
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
