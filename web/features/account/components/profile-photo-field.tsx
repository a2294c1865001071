import type { SessionUser } from "@common/contract/auth";
import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { httpUrlSchema } from "@common/contract/urls";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { ImageField } from "@web/components/ui/image-field";
import { errorMessage } from "@web/lib/api-client";
import { meQuery } from "@web/lib/session";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { updatePhoto } from "../api";

const URL_MESSAGE = "Informe uma URL válida (http ou https)";

/**
 * The profile photo: a file sent from the device (stored by the server) or an image URL, saved at
 * once; the avatar of the user menu follows. 'Remover' takes it off.
 */
export function ProfilePhotoField({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const urlId = useId();
  const [error, setError] = useState("");
  const [url, setUrl] = useState("");
  const save = useMutation({ mutationFn: updatePhoto });
  const photo = user.profile_picture_url;

  const submit = async (value: string | null) => {
    setError("");
    try {
      const result = await save.mutateAsync({ profile_picture_url: value });
      queryClient.setQueryData(meQuery.queryKey, result.user);
      setUrl("");
      toast.success(result.message);
    } catch (e) {
      const message = errorMessage(e, LINK_PAGE_MESSAGES.imageUploadFailed);
      setError(message);
      toast.error(message);
    }
  };

  const onUrl = (event: FormEvent) => {
    event.preventDefault();
    const value = url.trim();
    if (!httpUrlSchema.safeParse(value).success) {
      setError(URL_MESSAGE);
      return;
    }
    void submit(value);
  };

  return (
    <ImageField
      src={photo}
      shape="avatar"
      alt="Sua foto de perfil"
      uploadLabel="Enviar foto"
      removeLabel="Remover foto"
      hint="PNG, JPG até 5MB"
      onFile={submit}
      onRemove={() => submit(null)}
      error={error}
      onError={setError}
      disabled={save.isPending}
    >
      <form onSubmit={onUrl} noValidate className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={urlId} className="sr-only">
          URL da foto
        </label>
        <input
          id={urlId}
          type="url"
          inputMode="url"
          placeholder="ou cole a URL de uma imagem"
          value={url}
          maxLength={2048}
          onChange={(event) => {
            setError("");
            setUrl(event.target.value);
          }}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
        <Button type="submit" variant="secondary" loading={save.isPending} disabled={!url.trim()}>
          Usar URL
        </Button>
      </form>
    </ImageField>
  );
}
