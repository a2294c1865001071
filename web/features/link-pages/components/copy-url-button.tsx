import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";

const COPIED_MS = 2000;

/** Copies a public URL and says 'Copiado!' for 2 seconds (spec 9); clipboard failures are ignored (spec 8). */
export function CopyUrlButton({
  url,
  label = "Copiar",
  className,
}: {
  url: string;
  label?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() => {
        navigator.clipboard?.writeText(url).then(
          () => setCopied(true),
          () => undefined,
        );
      }}
      className={
        className ??
        "inline-flex items-center gap-1.5 rounded-lg border border-gray-200 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
      }
    >
      {copied ? (
        <Check className="h-4 w-4 text-green-600" aria-hidden />
      ) : (
        <Copy className="h-4 w-4" aria-hidden />
      )}
      <span aria-live="polite">{copied ? "Copiado!" : label}</span>
    </button>
  );
}
