import { ImageField, ImageUrlInput } from "@web/components/ui/image-field";
import { useState } from "react";

/**
 * 'Imagem destacada' (spec 2 and 5): a file (image only, at most 5MB, read as a data URL; the
 * server stores it as a file) or a URL, with a preview and a remove button.
 */
export function FeaturedImageField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const [error, setError] = useState("");
  return (
    <ImageField
      src={value}
      shape="banner"
      alt="Prévia da imagem destacada"
      uploadLabel="Enviar imagem"
      removeLabel="Remover imagem"
      hint="PNG, JPG até 5MB"
      onFile={onChange}
      onRemove={() => onChange(null)}
      error={error}
      onError={setError}
    >
      <ImageUrlInput
        label="ou URL da imagem"
        placeholder="https://..."
        value={value}
        onChange={(url) => {
          setError("");
          onChange(url);
        }}
      />
    </ImageField>
  );
}
