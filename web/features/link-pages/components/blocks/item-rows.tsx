import { Button } from "@web/components/ui/button";
import { Plus, Trash2 } from "lucide-react";
import { useRef } from "react";
import { RowAction } from "./row-action";

/** A row of a block's list (social networks, questions): its own key, kept while rows move. */
type Keyed = { key: number };

/** Fresh keys for the rows of one form: `keyed(fields)` is a new row no other row's key has. */
export function useRowKeys() {
  const next = useRef(0);
  return <T extends object>(fields: T): T & Keyed => ({ ...fields, key: ++next.current });
}

/** A row of the list changed or removed by its key; `set` writes the list back into the form. */
export function itemRows<T extends Keyed>(items: T[], set: (items: T[]) => void) {
  return {
    change: (key: number, patch: Partial<T>) =>
      set(items.map((item) => (item.key === key ? { ...item, ...patch } : item))),
    remove: (key: number) => set(items.filter((item) => item.key !== key)),
  };
}

/** The remove button of one row, off while the list is at its minimum. */
export function RemoveRowButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return <RowAction icon={Trash2} label={label} tone="danger" disabled={disabled} onClick={onClick} />;
}

/** Under the rows: what is wrong with the list as a whole, and the button that adds a row. */
export function ItemRowsFooter({
  error,
  addLabel,
  full,
  onAdd,
}: {
  error: string | undefined;
  addLabel: string;
  full: boolean;
  onAdd: () => void;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button variant="secondary" className="min-h-11" disabled={full} onClick={onAdd}>
        <Plus className="h-4 w-4" aria-hidden />
        {addLabel}
      </Button>
    </>
  );
}
