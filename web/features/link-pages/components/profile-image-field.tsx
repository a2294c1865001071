import { IMAGE_MAX_BYTES, LINK_PAGE_MESSAGES } from "@common/contract/link-pages";
import { ImagePlus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";

/** Checks a chosen file (spec 5) and reads it as a data URL; the server stores it as a file. */
export function readImageFile(file: File): Promise<string> {
  if (!file.type.startsWith("image/")) return Promise.reject(new Error(LINK_PAGE_MESSAGES.imageInvalid));
  if (file.size > IMAGE_MAX_BYTES) return Promise.reject(new Error(LINK_PAGE_MESSAGES.imageTooLarge));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(LINK_PAGE_MESSAGES.imageUploadFailed));
    reader.readAsDataURL(file);
  });
}

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
  const fileId = useId();
  const urlId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState("");
  // A chosen file (data URL until saved, then a stored /uploads/ path) is not a URL to edit.
  const uploaded = Boolean(value && (value.startsWith("data:") || value.startsWith("/uploads/")));
  const message = fileError || error;

  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-gray-700">Imagem de Perfil</span>
      <div className="flex items-start gap-4">
        <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-full border border-gray-200 bg-gray-50">
          {value ? (
            <img src={value} alt="Imagem de perfil" className="h-full w-full object-cover" />
          ) : (
            <ImagePlus className="h-7 w-7 text-gray-400" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <label
              htmlFor={fileId}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 shadow-sm hover:bg-gray-50 focus-within:ring-2 focus-within:ring-brand-100"
            >
              <ImagePlus className="h-4 w-4" aria-hidden />
              Enviar imagem
              <input
                id={fileId}
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (!file) return;
                  setFileError("");
                  readImageFile(file).then(onChange, (e: Error) => setFileError(e.message));
                }}
              />
            </label>
            {value && (
              <button
                type="button"
                onClick={() => {
                  setFileError("");
                  onChange(null);
                }}
                className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-red-600 hover:bg-red-50"
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                Remover
              </button>
            )}
          </div>
          <p className="text-xs text-gray-500">PNG, JPG up to 5MB</p>
          <label htmlFor={urlId} className="sr-only">
            URL da imagem de perfil
          </label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder={uploaded ? "Imagem enviada do seu dispositivo" : "ou cole a URL de uma imagem"}
            value={uploaded ? "" : (value ?? "")}
            maxLength={2048}
            onChange={(event) => {
              setFileError("");
              onChange(event.target.value.trim() || null);
            }}
            className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          />
        </div>
      </div>
      {message && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}
