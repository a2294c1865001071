import { readImageFile } from "@web/lib/read-image-file";
import { ImagePlus, Trash2 } from "lucide-react";
import { type ReactNode, useId } from "react";

/**
 * An image chosen from the device (checked and read by readImageFile) or given by URL, with a
 * preview and a remove button. The URL part differs per screen and comes as children.
 */
export function ImageField({
  src,
  shape,
  alt,
  uploadLabel,
  removeLabel,
  hint,
  onFile,
  onRemove,
  error,
  onError,
  disabled = false,
  children,
}: {
  /** A data URL, a stored /uploads/ path or an outside URL; null shows a placeholder. */
  src: string | null;
  /** "avatar": a round thumbnail beside the controls; "banner": a 16:9 preview above them. */
  shape: "avatar" | "banner";
  alt: string;
  uploadLabel: string;
  removeLabel: string;
  hint: string;
  /** Receives a chosen file that passed the checks, as a data URL. */
  onFile: (dataUrl: string) => void;
  onRemove: () => void;
  error?: string;
  /** A refused file's message; "" when the user picks again or removes. */
  onError: (message: string) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const fileId = useId();
  const controls = (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={fileId}
          aria-disabled={disabled || undefined}
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-gray-300 bg-white min-h-11 px-3 py-1.5 text-sm font-medium text-gray-700 shadow-sm focus-within:ring-2 focus-within:ring-brand-100 hover:bg-gray-50"
        >
          <ImagePlus className="h-4 w-4" aria-hidden />
          {uploadLabel}
          <input
            id={fileId}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            disabled={disabled}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (!file) return;
              onError("");
              readImageFile(file).then(onFile, (e: Error) => onError(e.message));
            }}
          />
        </label>
        {src && (
          <button
            type="button"
            disabled={disabled}
            onClick={() => {
              onError("");
              onRemove();
            }}
            className="inline-flex items-center gap-1.5 rounded-lg min-h-11 px-3 py-1.5 text-sm font-medium text-red-600 hover:bg-red-50 disabled:opacity-50"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            {removeLabel}
          </button>
        )}
      </div>
      <p className="text-xs text-gray-500">{hint}</p>
      {children}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </>
  );

  if (shape === "banner") {
    return (
      <div className="space-y-3">
        {src ? (
          <img
            src={src}
            alt={alt}
            className="aspect-video w-full rounded-lg border border-gray-200 bg-gray-50 object-cover"
          />
        ) : (
          <div className="flex aspect-video w-full items-center justify-center rounded-lg border border-dashed border-gray-300 bg-gray-50 text-gray-400">
            <ImagePlus className="h-8 w-8" aria-hidden />
          </div>
        )}
        {controls}
      </div>
    );
  }
  return (
    <div className="flex items-start gap-4">
      <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-full border border-gray-200 bg-gray-50">
        {src ? (
          <img src={src} alt={alt} className="h-full w-full object-cover" />
        ) : (
          <ImagePlus className="h-7 w-7 text-gray-400" aria-hidden />
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-2">{controls}</div>
    </div>
  );
}

/**
 * The URL typed in place of a file, editing the field's value directly. A chosen file (a data URL
 * until saved, then a stored /uploads/ path) is not a URL to edit, so it shows as a placeholder.
 */
export function ImageUrlInput({
  label,
  hideLabel = false,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  hideLabel?: boolean;
  placeholder: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  const uploaded = Boolean(value && (value.startsWith("data:") || value.startsWith("/uploads/")));
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "mb-1 block text-xs font-medium text-gray-600"}>
        {label}
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        placeholder={uploaded ? "Imagem enviada do seu dispositivo" : placeholder}
        value={uploaded ? "" : (value ?? "")}
        maxLength={2048}
        onChange={(event) => onChange(event.target.value.trim() || null)}
        className="w-full rounded-lg border border-gray-300 px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm"
      />
    </div>
  );
}
