import { MAX_LINKS_PER_PAGE } from "@common/contract/link-pages";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import type { DraftLink } from "../page-form";
import { LinkForm } from "./link-form";

/**
 * The links of a page not saved yet: added, edited, ordered (drag or arrows) and removed here, and
 * created with the page on its first save (all or nothing), so nobody has to save before adding
 * links. A saved page edits its blocks instead (BlocksEditor).
 */
export function LinksEditor({
  links,
  onChange,
  errors,
}: {
  links: DraftLink[];
  onChange: (links: DraftLink[]) => void;
  /** What the server said of a link (by key) when the page's first save was refused. */
  errors: Partial<Record<number, string>>;
}) {
  const nextKey = useRef(1);
  return (
    <div className="space-y-4">
      <LinkList
        items={links}
        emptyText="Nenhum link ainda. Adicione o primeiro abaixo: ele é salvo junto com a Link Bio."
        onReorder={onChange}
        onEdit={async (link, body) =>
          onChange(links.map((l) => (l.key === link.key ? { ...l, ...body } : l)))
        }
        errorOf={(link) => errors[link.key]}
        // Not saved yet: removing it loses nothing, so no confirmation.
        onRemove={(link) => onChange(links.filter((l) => l.key !== link.key))}
      />
      <fieldset className="min-w-0 rounded-lg border border-gray-200 bg-gray-50 p-4">
        <legend className="sr-only">Adicionar link</legend>
        <p aria-hidden className="mb-3 flex items-center gap-1.5 text-sm font-semibold text-gray-800">
          <Plus className="h-4 w-4" aria-hidden />
          Adicionar link
        </p>
        {links.length >= MAX_LINKS_PER_PAGE ? (
          <p className="text-sm text-gray-600">Uma página pode ter no máximo {MAX_LINKS_PER_PAGE} links.</p>
        ) : (
          <LinkForm
            submitLabel="Adicionar link"
            onSubmit={async (body) => {
              onChange([...links, { key: nextKey.current++, title: body.title, url: body.url }]);
            }}
          />
        )}
      </fieldset>
      {links.length > 0 && (
        <p className="text-xs text-gray-500">
          Os links são criados quando você salvar a Link Bio. Depois, você pode adicionar outros tipos de
          bloco e personalizar o estilo de cada link.
        </p>
      )}
    </div>
  );
}

type LinkFields = { title: string; url: string };

/** The links in order, each editable in place, moved by drag or by its arrows. */
function LinkList({
  items,
  emptyText,
  onReorder,
  onEdit,
  errorOf,
  onRemove,
}: {
  items: DraftLink[];
  emptyText: string;
  onReorder: (items: DraftLink[]) => void;
  onEdit: (item: DraftLink, body: LinkFields) => Promise<unknown>;
  errorOf: (item: DraftLink) => string | undefined;
  onRemove: (item: DraftLink) => void;
}) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onReorder(arrayMove(items, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((item) => item.key === active.id),
      items.findIndex((item) => item.key === over.id),
    );
  };

  if (items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-500">
        {emptyText}
      </p>
    );
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <ul className="space-y-2" aria-label="Links da página">
          {items.map((item, index) => {
            const id = item.key;
            const error = errorOf(item);
            return (
              <SortableLinkRow key={id} id={id}>
                {editingId === id ? (
                  <div className="flex-1">
                    <LinkForm
                      initial={{ title: item.title, url: item.url }}
                      submitLabel="Salvar link"
                      onSubmit={async (body) => {
                        await onEdit(item, body);
                        setEditingId(null);
                      }}
                      onCancel={() => setEditingId(null)}
                    />
                  </div>
                ) : (
                  <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center">
                    <div className="min-w-0 flex-1 py-1 sm:py-0">
                      <p className="truncate text-sm font-medium text-gray-900">{item.title}</p>
                      <p className="truncate text-xs text-gray-500">{item.url}</p>
                      {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
                    </div>
                    <div className="-ml-2 flex shrink-0 items-center sm:ml-0">
                      <IconButton
                        label={`Mover ${item.title} para cima`}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        <ArrowUp className="h-4 w-4" aria-hidden />
                      </IconButton>
                      <IconButton
                        label={`Mover ${item.title} para baixo`}
                        disabled={index === items.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        <ArrowDown className="h-4 w-4" aria-hidden />
                      </IconButton>
                      <IconButton label={`Editar ${item.title}`} onClick={() => setEditingId(id)}>
                        <Pencil className="h-4 w-4" aria-hidden />
                      </IconButton>
                      <IconButton label={`Remover ${item.title}`} danger onClick={() => onRemove(item)}>
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </IconButton>
                    </div>
                  </div>
                )}
              </SortableLinkRow>
            );
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableLinkRow({ id, children }: { id: number; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
      }}
      className={`flex items-center gap-2 rounded-lg border bg-white p-2 pr-1 ${
        isDragging ? "relative z-10 border-brand-500 shadow-lg" : "border-gray-200"
      }`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label="Arrastar para reordenar"
        className="cursor-grab touch-none self-stretch rounded-md px-1 text-gray-400 hover:bg-gray-100 hover:text-gray-600 active:cursor-grabbing"
      >
        <GripVertical className="h-4 w-4" aria-hidden />
      </button>
      {children}
    </li>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`inline-flex h-11 w-11 items-center justify-center rounded-md text-gray-500 disabled:opacity-30 ${
        danger ? "hover:bg-red-50 hover:text-red-600" : "hover:bg-gray-100 hover:text-gray-900"
      }`}
    >
      {children}
    </button>
  );
}
