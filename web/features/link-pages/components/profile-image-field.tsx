import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { ImageField, ImageUrlInput } from "@web/components/ui/image-field";
import { useState } from "react";

/** Imagem de Perfil: upload (image, at most 5MB) or a URL, with a remove button. */
export function ProfileImageField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const [fileError, setFileError] = useState("");
  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-gray-700">Imagem de Perfil</span>
      <ImageField
        src={value}
        shape="avatar"
        alt="Imagem de perfil"
        uploadLabel="Enviar imagem"
        removeLabel="Remover"
        hint={LINK_PAGE_MESSAGES.imageHint}
        onFile={onChange}
        onRemove={() => onChange(null)}
        error={fileError || error}
        onError={setFileError}
      >
        <ImageUrlInput
          label="URL da imagem de perfil"
          hideLabel
          placeholder="ou cole a URL de uma imagem"
          value={value}
          onChange={(url) => {
            setFileError("");
            onChange(url);
          }}
        />
      </ImageField>
    </div>
  );
}
