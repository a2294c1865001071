import { AlertCircle, CheckCircle2, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

const TONES = {
  error: { box: "border-red-200 bg-red-50 text-red-700", icon: AlertCircle },
  success: { box: "border-emerald-200 bg-emerald-50 text-emerald-800", icon: CheckCircle2 },
  warning: { box: "border-amber-200 bg-amber-50 text-amber-800", icon: AlertCircle },
} as const;

/**
 * A boxed message with its icon at the top of a form or card: an error is an alert (read out at
 * once), anything else a status.
 */
export function Notice({
  tone,
  icon: Icon = TONES[tone].icon,
  children,
}: {
  tone: keyof typeof TONES;
  icon?: LucideIcon;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm ${TONES[tone].box}`}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </div>
  );
}

/** What failed (a submit, an action, a load), in a compact red box: an alert. */
export function FormError({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 ${className}`}
    >
      {children}
    </p>
  );
}
