import { AA_TEXT_CONTRAST, formatContrastRatio } from "@common/color-contrast";
import { TriangleAlert } from "lucide-react";

/**
 * Warns beside colour fields when text over its background is below WCAG AA (4.5:1). Advice only:
 * the save is never blocked. The live region stays mounted (empty and visually hidden when the
 * colours pass) so screen readers announce the warning when a change brings it in.
 */
export function ContrastWarning({
  ratio,
  subject,
  className = "",
}: {
  /** The colours' contrast ratio; null (a colour not yet valid) shows nothing. */
  ratio: number | null;
  /** Whose text it is, as the sentence needs it: "o texto do botão". */
  subject: string;
  className?: string;
}) {
  const low = ratio !== null && ratio < AA_TEXT_CONTRAST;
  return (
    <div role="status" className={low ? className : "sr-only"}>
      {low && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
          <span>{contrastMessage(ratio, subject)}</span>
        </p>
      )}
    </div>
  );
}

export function contrastMessage(ratio: number, subject: string): string {
  return (
    `Contraste baixo (${formatContrastRatio(ratio)}): ${subject} pode ficar difícil de ler. ` +
    `Recomendado: ${formatContrastRatio(AA_TEXT_CONTRAST)} ou mais.`
  );
}
