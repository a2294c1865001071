import { passwordResetRequestBodySchema } from "@common/contract/auth";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/text-field";
import { authErrorMessage } from "@web/lib/auth-error";
import { AlertCircle, MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { requestPasswordReset } from "../api";
import { FormAlert } from "./auth-shell";

/** Step 1 of the recovery: the address; the answer is the same whether an account has it or not. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [sent, setSent] = useState("");
  const request = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = passwordResetRequestBodySchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    request.mutate(parsed.data, { onSuccess: (result) => setSent(result.message) });
  };

  if (sent) {
    return (
      <div className="space-y-6">
        <div
          role="status"
          className="flex items-start gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-800"
        >
          <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{sent}</span>
        </div>
        <p className="text-sm text-gray-600">
          O link vale por 1 hora. Não recebeu?{" "}
          <button
            type="button"
            onClick={() => setSent("")}
            className="font-semibold text-brand-600 hover:text-brand-700 hover:underline"
          >
            Enviar de novo
          </button>
        </p>
        <Link
          to="/auth"
          className="block text-center text-sm font-semibold text-brand-600 hover:text-brand-700 hover:underline"
        >
          Voltar para o login
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {request.isError && (
        <FormAlert>
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{authErrorMessage(request.error)}</span>
        </FormAlert>
      )}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="voce@exemplo.com"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(undefined);
        }}
        error={fieldError}
      />
      <Button type="submit" loading={request.isPending} className="w-full py-3">
        {request.isPending ? "Enviando..." : "Enviar link de redefinição"}
      </Button>
    </form>
  );
}
