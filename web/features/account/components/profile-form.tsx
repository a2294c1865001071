import { profileUpdateSchema } from "@common/contract/account";
import type { SessionUser } from "@common/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/text-field";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { issuesByField } from "@web/lib/form-errors";
import { meQuery } from "@web/lib/session";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { updateProfile } from "../api";

type Errors = Partial<Record<"first_name" | "last_name", string>>;

/** First and last name, checked by the API's own schema before it is sent. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ first_name: user.first_name, last_name: user.last_name });
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation({ mutationFn: updateProfile });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileUpdateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    try {
      const result = await save.mutateAsync(parsed.data);
      queryClient.setQueryData(meQuery.queryKey, result.user);
      toast.success(result.message);
    } catch (error) {
      if (error instanceof ApiError)
        setErrors({ first_name: error.field("first_name"), last_name: error.field("last_name") });
      toast.error(errorMessage(error));
    }
  };

  const field = (name: keyof Errors) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nome" autoComplete="given-name" maxLength={100} {...field("first_name")} />
        <TextField label="Sobrenome" autoComplete="family-name" maxLength={100} {...field("last_name")} />
      </div>
      <Button type="submit" loading={save.isPending}>
        Salvar perfil
      </Button>
    </form>
  );
}
