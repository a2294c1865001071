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
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import type { DraftLink } from "../page-form";
import { LinkForm } from "./link-form";
import { IconButton, SortableLinkRow } from "./links-editor";

/**
 * The links of a page not saved yet: added, edited, ordered and removed here, and created with the
 * page on its first save (all or nothing), so a creator never has to save before adding links.
 * `errors` holds what the server said of a link (by key) when the save was refused.
 */
export function DraftLinksEditor({
  links,
  onChange,
  errors,
}: {
  links: DraftLink[];
  onChange: (links: DraftLink[]) => void;
  errors: Partial<Record<number, string>>;
}) {
  const nextKey = useRef(1);
  const [editingKey, setEditingKey] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number) => {
    if (to < 0 || to >= links.length || from === to) return;
    onChange(arrayMove(links, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      links.findIndex((link) => link.key === active.id),
      links.findIndex((link) => link.key === over.id),
    );
  };
  const full = links.length >= MAX_LINKS_PER_PAGE;

  return (
    <div className="space-y-4">
      {links.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-500">
          Nenhum link ainda. Adicione o primeiro abaixo: ele é salvo junto com a Link Bio.
        </p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={links.map((link) => link.key)} strategy={verticalListSortingStrategy}>
            <ul className="space-y-2" aria-label="Links da página">
              {links.map((link, index) => (
                <SortableLinkRow key={link.key} id={link.key}>
                  {editingKey === link.key ? (
                    <div className="flex-1">
                      <LinkForm
                        initial={{ title: link.title, url: link.url }}
                        submitLabel="Salvar link"
                        onSubmit={async (body) => {
                          onChange(links.map((l) => (l.key === link.key ? { ...l, ...body } : l)));
                          setEditingKey(null);
                        }}
                        onCancel={() => setEditingKey(null)}
                      />
                    </div>
                  ) : (
                    <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center">
                      <div className="min-w-0 flex-1 py-1 sm:py-0">
                        <p className="truncate text-sm font-medium text-gray-900">{link.title}</p>
                        <p className="truncate text-xs text-gray-500">{link.url}</p>
                        {errors[link.key] && <p className="mt-1 text-xs text-red-600">{errors[link.key]}</p>}
                      </div>
                      <div className="-ml-2 flex shrink-0 items-center sm:ml-0">
                        <IconButton
                          label={`Mover ${link.title} para cima`}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        >
                          <ArrowUp className="h-4 w-4" aria-hidden />
                        </IconButton>
                        <IconButton
                          label={`Mover ${link.title} para baixo`}
                          disabled={index === links.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          <ArrowDown className="h-4 w-4" aria-hidden />
                        </IconButton>
                        <IconButton label={`Editar ${link.title}`} onClick={() => setEditingKey(link.key)}>
                          <Pencil className="h-4 w-4" aria-hidden />
                        </IconButton>
                        {/* Not saved yet: removing it loses nothing, so no confirmation. */}
                        <IconButton
                          label={`Remover ${link.title}`}
                          danger
                          onClick={() => onChange(links.filter((l) => l.key !== link.key))}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </IconButton>
                      </div>
                    </div>
                  )}
                </SortableLinkRow>
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}

      <fieldset className="min-w-0 rounded-lg border border-gray-200 bg-gray-50 p-4">
        <legend className="sr-only">Adicionar link</legend>
        <p aria-hidden className="mb-3 flex items-center gap-1.5 text-sm font-semibold text-gray-800">
          <Plus className="h-4 w-4" aria-hidden />
          Adicionar link
        </p>
        {full ? (
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
          Os links são criados quando você salvar a Link Bio. Depois, você também pode personalizar o estilo
          de cada um.
        </p>
      )}
    </div>
  );
}
