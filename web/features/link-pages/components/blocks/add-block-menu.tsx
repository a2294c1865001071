import { BLOCK_TYPES, type BlockType } from "@common/contract/link-blocks";
import { Button } from "@web/components/ui/button";
import { usePopover } from "@web/components/ui/use-popover";
import { ChevronDown, Plus } from "lucide-react";
import { type KeyboardEvent, type Ref, useEffect, useId, useRef } from "react";
import { BLOCK_TYPE_INFO } from "./block-types";

/**
 * "Adicionar bloco": a menu of every block type with its icon and a line on what it is. The panel
 * opens in the page's flow (no overlay to fall off a phone's screen); arrows, Home and End move
 * through it, Escape closes it and gives the focus back to the button.
 */
export function AddBlockMenu({
  disabled,
  onPick,
  ref,
}: {
  disabled?: boolean;
  onPick: (type: BlockType) => void;
  /** The button, to give it the focus back once a new block's form closes. */
  ref?: Ref<HTMLButtonElement>;
}) {
  const popover = usePopover();
  const { open, close, toggle, container, trigger, panelId } = popover;
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const idBase = useId();

  useEffect(() => {
    if (open) items.current[0]?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items.current.filter((item): item is HTMLButtonElement => item !== null);
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === "ArrowDown"
        ? (at + 1) % list.length
        : event.key === "ArrowUp"
          ? (at - 1 + list.length) % list.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? list.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    list[next]?.focus();
  };

  const setTrigger = (element: HTMLButtonElement | null) => {
    trigger.current = element;
    if (typeof ref === "function") ref(element);
    else if (ref) ref.current = element;
  };

  return (
    <div ref={container} className="space-y-2">
      <Button
        ref={setTrigger}
        variant="secondary"
        onClick={toggle}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className="min-h-11 w-full sm:w-auto"
      >
        <Plus className="h-4 w-4" aria-hidden />
        Adicionar bloco
        <ChevronDown className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
      </Button>
      {open && (
        <div
          id={panelId}
          role="menu"
          aria-label="Tipos de bloco"
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className="grid gap-1 rounded-xl border border-gray-200 bg-white p-1.5 shadow-sm sm:grid-cols-2"
        >
          {BLOCK_TYPES.map((type, index) => {
            const { label, icon: Icon, hint } = BLOCK_TYPE_INFO[type];
            return (
              <button
                key={type}
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === 0 ? 0 : -1}
                aria-labelledby={`${idBase}-${type}-label`}
                aria-describedby={`${idBase}-${type}`}
                onClick={() => {
                  close();
                  onPick(type);
                }}
                className="flex min-h-11 items-start gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-gray-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                  <Icon className="h-4 w-4" aria-hidden />
                </span>
                <span className="min-w-0">
                  <span id={`${idBase}-${type}-label`} className="block text-sm font-semibold text-gray-900">
                    {label}
                  </span>
                  <span id={`${idBase}-${type}`} className="block text-xs text-gray-600">
                    {hint}
                  </span>
                </span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
