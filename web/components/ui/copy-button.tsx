import { copyToClipboard } from "@web/lib/clipboard";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";

/** Spec 9: 'Copiado!' shows for 2 seconds. */
export const COPIED_MS = 2000;

type Props = {
  text: string;
  label?: string;
  /** "icon": an icon that says 'Copiado!' once copied (rows); "outline": a labelled button (cards). */
  variant?: "icon" | "outline";
  className?: string;
};

/** Copies a link and says 'Copiado!' for 2 seconds; clipboard failures are ignored (spec 8). */
export function CopyButton({ text, label = "Copiar", variant = "icon", className }: Props) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const icon = copied ? (
    <Check className={`h-4 w-4 ${variant === "outline" ? "text-green-600" : ""}`} aria-hidden />
  ) : (
    <Copy className="h-4 w-4" aria-hidden />
  );
  const onClick = async () => setCopied(await copyToClipboard(text));

  if (variant === "outline") {
    return (
      <button
        type="button"
        onClick={onClick}
        className={
          className ??
          "inline-flex items-center gap-1.5 rounded-lg border border-gray-200 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
        }
      >
        {icon}
        <span aria-live="polite">{copied ? "Copiado!" : label}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium transition-colors ${
        copied ? "bg-green-50 text-green-700" : "text-gray-600 hover:bg-gray-100 hover:text-gray-900"
      } ${className ?? ""}`}
      aria-label={copied ? "Copiado!" : label}
      title={label}
    >
      {icon}
      <span className={copied ? "" : "sr-only"}>{copied ? "Copiado!" : label}</span>
    </button>
  );
}
