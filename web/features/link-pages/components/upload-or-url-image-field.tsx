import { LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { ImageField, ImageUrlInput } from "@web/components/ui/image-field";
import type { ComponentProps } from "react";
import { useState } from "react";

/**
 * An image of a Link Bio page (its profile image, its background, an image block): uploaded
 * (PNG, JPG, GIF or WebP, at most 5 MB) or given by URL, with a remove button. One field, so the
 * three take the same files and say the same things.
 */
export function UploadOrUrlImageField({
  label,
  value,
  onChange,
  error,
  shape,
  alt,
  uploadLabel,
  removeLabel,
  urlLabel,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  shape: ComponentProps<typeof ImageField>["shape"];
  alt: string;
  uploadLabel: string;
  removeLabel: string;
  urlLabel: string;
}) {
  const [fileError, setFileError] = useState("");
  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-gray-700">{label}</span>
      <ImageField
        src={value}
        shape={shape}
        alt={alt}
        uploadLabel={uploadLabel}
        removeLabel={removeLabel}
        hint={LINK_PAGE_MESSAGES.imageHint}
        onFile={onChange}
        onRemove={() => onChange(null)}
        error={fileError || error}
        onError={setFileError}
      >
        <ImageUrlInput
          label={urlLabel}
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
