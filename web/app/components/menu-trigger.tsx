import type { usePopover } from "@web/components/ui/use-popover";
import type { ReactNode } from "react";

/** The button that opens a menu's panel: aria-expanded and aria-controls tell which panel, and whether. */
export function MenuTrigger({
  popover,
  label,
  className,
  children,
}: {
  popover: ReturnType<typeof usePopover>;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      ref={popover.trigger}
      type="button"
      onClick={popover.toggle}
      aria-expanded={popover.open}
      aria-controls={popover.panelId}
      aria-label={label}
      className={className}
    >
      {children}
    </button>
  );
}
