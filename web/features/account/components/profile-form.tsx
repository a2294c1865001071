import { profileUpdateSchema } from "@common/contract/account";
import type { SessionUser } from "@common/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { meQuery } from "@web/lib/session";
import { useContractForm } from "@web/lib/use-contract-form";
import { toast } from "sonner";
import { updateProfile } from "../api";

/** First and last name, checked by the API's own schema before it is sent. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const save = useMutation({ mutationFn: updateProfile });
  const form = useContractForm({
    schema: profileUpdateSchema,
    initialValues: { first_name: user.first_name, last_name: user.last_name },
    onSubmit: async (body) => {
      const result = await save.mutateAsync(body);
      queryClient.setQueryData(meQuery.queryKey, result.user);
      toast.success(result.message);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nome" autoComplete="given-name" maxLength={100} {...form.field("first_name")} />
        <TextField
          label="Sobrenome"
          autoComplete="family-name"
          maxLength={100}
          {...form.field("last_name")}
        />
      </div>
      <Button type="submit" loading={form.busy}>
        Salvar perfil
      </Button>
    </form>
  );
}
