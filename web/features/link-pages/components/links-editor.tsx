import type { ButtonStyle } from "@common/button-style";
import { LINK_PAGE_MESSAGES, type Link } from "@common/contract/link-pages";
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
import { useConfirm } from "@web/components/ui/confirm-dialog";
import { errorMessage } from "@web/lib/api-client";
import { ArrowDown, ArrowUp, GripVertical, Paintbrush, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useCreateLink } from "../api/use-create-link";
import { useDeleteLink } from "../api/use-delete-link";
import { useReorderLinks } from "../api/use-reorder-links";
import { useUpdateLink } from "../api/use-update-link";
import { LinkForm } from "./link-form";
import { LinkStyleModal } from "./link-style-modal";

/** The page's links: add, edit, delete, reorder (drag or arrows) and per-link style. Saved at once. */
export function LinksEditor({
  pageId,
  links,
  pageStyle,
}: {
  pageId: number;
  links: Link[];
  pageStyle: ButtonStyle;
}) {
  const createLink = useCreateLink(pageId);
  const updateLink = useUpdateLink(pageId);
  const deleteLink = useDeleteLink(pageId);
  const confirm = useConfirm();
  const reorder = useReorderLinks(pageId);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [stylingId, setStylingId] = useState<number | null>(null);
  const styling = links.find((link) => link.id === stylingId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number) => {
    if (to < 0 || to >= links.length || from === to) return;
    reorder.mutate(arrayMove(links, from, to), {
      onError: (error) => toast.error(errorMessage(error, LINK_PAGE_MESSAGES.saveLinkFailed)),
    });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      links.findIndex((link) => link.id === active.id),
      links.findIndex((link) => link.id === over.id),
    );
  };
  const remove = (link: Link) =>
    confirm({
      title: `Excluir o link “${link.title}”?`,
      body: (
        <>
          <p>{LINK_PAGE_MESSAGES.confirmDeleteLink}</p>
          <p>Ele sai da página publicada na hora.</p>
        </>
      ),
      confirmLabel: "Excluir link",
      danger: true,
      action: () => deleteLink.mutateAsync(link.id),
      describeError: (error) => errorMessage(error, LINK_PAGE_MESSAGES.deleteLinkFailed),
    });

  return (
    <div className="space-y-4">
      {links.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-500">
          Nenhum link ainda. Adicione o primeiro abaixo.
        </p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={links.map((link) => link.id)} strategy={verticalListSortingStrategy}>
            <ul className="space-y-2" aria-label="Links da página">
              {links.map((link, index) => (
                <SortableLinkRow key={link.id} id={link.id}>
                  {editingId === link.id ? (
                    <div className="flex-1">
                      <LinkForm
                        initial={{ title: link.title, url: link.url }}
                        submitLabel="Salvar link"
                        onSubmit={async (body) => {
                          await updateLink.mutateAsync({ id: link.id, body });
                          setEditingId(null);
                        }}
                        onCancel={() => setEditingId(null)}
                      />
                    </div>
                  ) : (
                    <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center">
                      <div className="min-w-0 flex-1 py-1 sm:py-0">
                        <p className="truncate text-sm font-medium text-gray-900">{link.title}</p>
                        <p className="truncate text-xs text-gray-500">{link.url}</p>
                      </div>
                      <div className="-ml-2 flex shrink-0 items-center sm:ml-0">
                        <IconButton
                          label={`Mover ${link.title} para cima`}
                          disabled={index === 0 || reorder.isPending}
                          onClick={() => move(index, index - 1)}
                        >
                          <ArrowUp className="h-4 w-4" aria-hidden />
                        </IconButton>
                        <IconButton
                          label={`Mover ${link.title} para baixo`}
                          disabled={index === links.length - 1 || reorder.isPending}
                          onClick={() => move(index, index + 1)}
                        >
                          <ArrowDown className="h-4 w-4" aria-hidden />
                        </IconButton>
                        <IconButton
                          label={`Personalizar ${link.title}`}
                          onClick={() => setStylingId(link.id)}
                        >
                          <Paintbrush className="h-4 w-4" aria-hidden />
                        </IconButton>
                        <IconButton label={`Editar ${link.title}`} onClick={() => setEditingId(link.id)}>
                          <Pencil className="h-4 w-4" aria-hidden />
                        </IconButton>
                        <IconButton
                          label={`Excluir ${link.title}`}
                          danger
                          disabled={deleteLink.isPending && deleteLink.variables === link.id}
                          onClick={() => void remove(link)}
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
        <LinkForm
          submitLabel="Adicionar link"
          onSubmit={(body) => createLink.mutateAsync({ ...body, custom_style: {} })}
        />
      </fieldset>

      {styling && (
        <LinkStyleModal
          pageId={pageId}
          link={styling}
          pageStyle={pageStyle}
          onClose={() => setStylingId(null)}
        />
      )}
    </div>
  );
}

export function SortableLinkRow({ id, children }: { id: number; children: React.ReactNode }) {
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

export function IconButton({
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
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`rounded-md p-2 text-gray-500 disabled:opacity-30 ${
        danger ? "hover:bg-red-50 hover:text-red-600" : "hover:bg-gray-100 hover:text-gray-900"
      }`}
    >
      {children}
    </button>
  );
}
