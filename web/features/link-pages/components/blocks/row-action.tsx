import type { LucideIcon } from "lucide-react";
import type { ComponentProps, Ref } from "react";

const TONES = {
  neutral: "text-gray-500 hover:bg-gray-100 hover:text-gray-900",
  danger: "text-gray-500 hover:bg-red-50 hover:text-red-600",
} as const;

/**
 * A block row's action as its icon alone, 44 px square (a thumb's target on a phone), named for
 * screen readers by `label`, which names the block too ("Duplicar Link “Instagram”").
 */
export function RowAction({
  icon: Icon,
  label,
  title,
  tone = "neutral",
  pressed,
  ref,
  ...props
}: {
  icon: LucideIcon;
  label: string;
  /** The tooltip: the action alone; the label by default. */
  title?: string;
  tone?: keyof typeof TONES;
  /** Set for a toggle that shows a state (the schedule panel open, a window set). */
  pressed?: boolean;
  ref?: Ref<HTMLButtonElement>;
} & Omit<ComponentProps<"button">, "children" | "className" | "title">) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      title={title ?? label}
      className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-30 ${
        pressed ? "bg-brand-50 text-brand-700" : TONES[tone]
      }`}
      {...props}
    >
      <Icon className="h-5 w-5" aria-hidden />
    </button>
  );
}
