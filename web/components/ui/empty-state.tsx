import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

const ICON_TONES = {
  gray: "bg-gray-100 text-gray-400",
  brand: "bg-brand-50 text-brand-600",
} as const;

/**
 * Nothing to show yet, or nothing that matches: an icon, what is missing (`title`, a heading where
 * it heads a screen's content), a line on what to do, and the action that does it.
 */
export function EmptyState({
  icon: Icon,
  title,
  titleAs: Title = "p",
  text,
  action,
  tone = "gray",
  className = "px-4 py-12",
}: {
  icon: LucideIcon;
  title?: string;
  titleAs?: "p" | "h2";
  text: ReactNode;
  action?: ReactNode;
  tone?: keyof typeof ICON_TONES;
  /** The box: padding by default; a border or background where the state stands alone. */
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-center text-center ${className}`}>
      <span className={`flex h-12 w-12 items-center justify-center rounded-full ${ICON_TONES[tone]}`}>
        <Icon className="h-6 w-6" aria-hidden />
      </span>
      {title && <Title className="mt-3 font-semibold text-gray-900">{title}</Title>}
      <p className={`text-sm text-gray-600 ${title ? "mt-1" : "mt-3"}`}>{text}</p>
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
