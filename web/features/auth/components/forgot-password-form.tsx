import { passwordResetRequestBodySchema } from "@common/contract/auth";
import { paths } from "@common/paths";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Notice } from "@web/components/ui/notice";
import { EmailField } from "@web/components/ui/text-field";
import { authErrorMessage } from "@web/lib/auth-error";
import { useContractForm } from "@web/lib/use-contract-form";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { requestPasswordReset } from "../api";

/** Step 1 of the recovery: the address; the answer is the same whether an account has it or not. */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState("");
  const request = useMutation({ mutationFn: requestPasswordReset });
  const form = useContractForm({
    schema: passwordResetRequestBodySchema,
    initialValues: { email: "" },
    onSubmit: async (body) => setSent((await request.mutateAsync(body)).message),
    describeError: authErrorMessage,
  });

  if (sent) {
    return (
      <div className="space-y-6">
        <Notice tone="success" icon={MailCheck}>
          {sent}
        </Notice>
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
          to={paths.auth}
          className="block text-center text-sm font-semibold text-brand-600 hover:text-brand-700 hover:underline"
        >
          Voltar para o login
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-5">
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <EmailField label="Email" placeholder="voce@exemplo.com" {...form.field("email")} />
      <Button type="submit" loading={form.busy} className="w-full py-3">
        {form.busy ? "Enviando..." : "Enviar link de redefinição"}
      </Button>
    </form>
  );
}
