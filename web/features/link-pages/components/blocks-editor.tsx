import type { ButtonStyle } from "@common/button-style";
import {
  BLOCK_MESSAGES,
  type Block,
  type BlockCreateBody,
  type BlockType,
  MAX_BLOCKS_PER_PAGE,
} from "@common/contract/link-blocks";
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useConfirm } from "@web/components/ui/confirm-dialog";
import { EmptyState } from "@web/components/ui/empty-state";
import { errorMessage } from "@web/lib/api-client";
import { Blocks } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { useCreateBlock } from "../api/use-create-block";
import { useDeleteBlock } from "../api/use-delete-block";
import { useReorderBlocks } from "../api/use-reorder-blocks";
import { AddBlockMenu } from "./blocks/add-block-menu";
import { blockCopyBody } from "./blocks/block-copy";
import { BlockForm } from "./blocks/block-form";
import { BlockRow } from "./blocks/block-row";
import { BLOCK_TYPE_INFO, blockName } from "./blocks/block-types";

/** What a keyboard drag takes, said once a block is picked up. */
export const DRAG_KEYS_HINT = "Use as setas para mover e Espaço para soltar.";

/** The one undo toast: a newer delete replaces it, so only the last delete can be undone. */
const UNDO_TOAST_ID = "block-deleted";

/**
 * A saved page's blocks: added from a menu, edited in place, ordered (drag, keyboard or arrows),
 * switched on and off, scheduled, duplicated and deleted (with undo). Every change is saved at once;
 * the live preview follows the cached blocks.
 */
export function BlocksEditor({
  pageId,
  blocks,
  pageStyle,
  pageTitle,
}: {
  pageId: number;
  blocks: Block[];
  pageStyle: ButtonStyle;
  /** The saved page's title: a contact form's default consent text names it, as the page shows it. */
  pageTitle: string;
}) {
  const createBlock = useCreateBlock(pageId);
  const deleteBlock = useDeleteBlock(pageId);
  const reorder = useReorderBlocks(pageId);
  const askConfirm = useConfirm();
  const [adding, setAdding] = useState<BlockType | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const addButton = useRef<HTMLButtonElement>(null);
  const rowFocus = useRef(new Map<number, HTMLElement>());
  const deletions = useRef(0);
  const now = useNow();
  const full = blocks.length >= MAX_BLOCKS_PER_PAGE;
  const names = new Map(blocks.map((block, index) => [block.id, blockName(block, index)]));
  const nameOf = (id: UniqueIdentifier) => names.get(Number(id)) ?? "Bloco";
  const positionOf = (id: UniqueIdentifier) => blocks.findIndex((block) => block.id === id) + 1;

  // The undo of a page left behind is not offered on the next screen.
  useEffect(() => () => void toast.dismiss(UNDO_TOAST_ID), []);

  // The same words twice are still read twice: the region's text has to change.
  const announce = (message: string) =>
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));
  const failed = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));
  const focusLater = (element: HTMLElement | null | undefined) =>
    requestAnimationFrame(() => (element ?? addButton.current)?.focus());

  // NOTE: mutateAsync, not mutate's callbacks: those of an earlier call are dropped once a later
  // one starts (two quick duplicates), and each failure must still be said.
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    const moved = blocks[from]!;
    reorder
      .mutateAsync({ id: moved.id, to })
      .then(
        () => announce(`${nameOf(moved.id)} na posição ${to + 1} de ${blocks.length}`),
        failed(BLOCK_MESSAGES.saveFailed),
      );
  };

  const add = (type: BlockType) => {
    if (type !== "divider") return setAdding(type);
    // Nothing to fill in: added at once.
    focusLater(addButton.current);
    createBlock
      .mutateAsync({ body: { type: "divider", data: {} } })
      .then(() => announce("Divisor adicionado"), failed(BLOCK_MESSAGES.saveFailed));
  };

  const duplicate = async (block: Block) => {
    const body = await blockCopyBody(block);
    createBlock
      .mutateAsync({ body, after: block.id })
      .then(() => announce(`${nameOf(block.id)} duplicado`), failed(BLOCK_MESSAGES.saveFailed));
  };

  const remove = async (block: Block, index: number) => {
    let copy: BlockCreateBody | null = null;
    const confirmed = await askConfirm({
      title: `Excluir ${nameOf(block.id)}?`,
      body: (
        <>
          <p>{BLOCK_MESSAGES.confirmDelete}</p>
          <p>Ele sai da página publicada na hora, e os cliques dele são apagados.</p>
        </>
      ),
      confirmLabel: "Excluir bloco",
      danger: true,
      action: async () => {
        copy = await blockCopyBody(block);
        await deleteBlock.mutateAsync(block.id);
      },
      describeError: (error) => errorMessage(error, BLOCK_MESSAGES.deleteFailed),
    });
    if (!confirmed || !copy) return;
    const restore: BlockCreateBody = copy;
    const neighbour = blocks[index + 1] ?? blocks[index - 1];
    focusLater(neighbour && rowFocus.current.get(neighbour.id));
    const deletion = ++deletions.current;
    toast.success("Bloco excluído", {
      id: UNDO_TOAST_ID,
      duration: 10_000,
      action: {
        label: "Desfazer",
        onClick: () => {
          if (deletion !== deletions.current) return;
          deletions.current += 1;
          createBlock.mutateAsync({ body: restore, at: index }).then(
            // A toast of its own: the undo toast is closing (sonner takes 200 ms), and a message
            // put in it then would go with it.
            () => toast.success("Bloco restaurado"),
            failed(BLOCK_MESSAGES.saveFailed),
          );
        },
      },
    });
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600">
        <span className={full ? "font-semibold text-amber-700" : ""}>
          {blocks.length} de {MAX_BLOCKS_PER_PAGE} blocos
        </span>
        {full && <span className="block text-amber-700">{BLOCK_MESSAGES.blockLimit}</span>}
      </p>

      {blocks.length === 0 && !adding ? (
        <EmptyState
          icon={Blocks}
          tone="brand"
          title="Sua página ainda não tem blocos"
          text="Adicione links, textos, redes sociais, vídeos, WhatsApp, Pix e mais: cada um aparece na página na ordem desta lista."
          className="rounded-lg border border-dashed border-gray-300 px-4 py-8"
        />
      ) : (
        <BlockList
          blocks={blocks}
          nameOf={nameOf}
          positionOf={positionOf}
          onReorder={(active, over) => move(positionOf(active) - 1, positionOf(over) - 1)}
        >
          {blocks.map((block, index) => (
            <BlockRow
              key={block.id}
              pageId={pageId}
              block={block}
              name={nameOf(block.id)}
              index={index}
              count={blocks.length}
              now={now}
              pageStyle={pageStyle}
              pageTitle={pageTitle}
              canDuplicate={!full}
              onMove={move}
              onDuplicate={() => void duplicate(block)}
              onDelete={() => void remove(block, index)}
              announce={announce}
              focusRef={(element) => {
                if (element) rowFocus.current.set(block.id, element);
                else rowFocus.current.delete(block.id);
              }}
            />
          ))}
        </BlockList>
      )}

      {adding && (
        <NewBlock
          key={adding}
          type={adding}
          pageTitle={pageTitle}
          onSave={async (data) => {
            await createBlock.mutateAsync({ body: { type: adding, data } as BlockCreateBody });
            setAdding(null);
            announce(`${BLOCK_TYPE_INFO[adding].label} adicionado`);
            focusLater(addButton.current);
          }}
          onCancel={() => {
            setAdding(null);
            focusLater(addButton.current);
          }}
        />
      )}

      <AddBlockMenu ref={addButton} disabled={full} onPick={add} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** The sortable list: a drag (pointer or keyboard: space, arrows, space) ends in `onReorder`. */
function BlockList({
  blocks,
  nameOf,
  positionOf,
  onReorder,
  children,
}: {
  blocks: Block[];
  nameOf: (id: UniqueIdentifier) => string;
  positionOf: (id: UniqueIdentifier) => number;
  onReorder: (active: UniqueIdentifier, over: UniqueIdentifier) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const count = blocks.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `${nameOf(active.id)} pego, na posição ${positionOf(active.id)} de ${count}.`,
    // Over its own place right after the pick-up (the rows measured): the pick-up said again, with
    // what to do next, as this replaces the first words in the live region at once.
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? `${nameOf(active.id)} pego, na posição ${positionOf(active.id)} de ${count}. ${DRAG_KEYS_HINT}`
        : over
          ? `${nameOf(active.id)} sobre a posição ${positionOf(over.id)} de ${count}.`
          : `${nameOf(active.id)} fora da lista.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} solto na posição ${positionOf(over.id)} de ${count}.`
        : `${nameOf(active.id)} solto.`,
    onDragCancel: ({ active }) => `Movimento cancelado: ${nameOf(active.id)} voltou ao lugar.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onReorder(active.id, over.id);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "Para mover o bloco, pressione espaço ou Enter, use as setas para cima e para baixo e pressione espaço ou Enter de novo para soltar. Esc cancela.",
        },
      }}
    >
      <SortableContext items={blocks.map((block) => block.id)} strategy={verticalListSortingStrategy}>
        <ul className="space-y-2" aria-label="Blocos da página">
          {children}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

/** A new block's form, where the block will appear (at the end), its first field focused. */
function NewBlock({
  type,
  pageTitle,
  onSave,
  onCancel,
}: {
  type: BlockType;
  pageTitle: string;
  onSave: (data: unknown) => Promise<unknown>;
  onCancel: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { label, icon: Icon } = BLOCK_TYPE_INFO[type];
  useEffect(() => {
    box.current?.querySelector<HTMLElement>("input:not([type=file]), textarea, select")?.focus();
  }, []);
  return (
    <div ref={box} className="rounded-lg border border-brand-200 bg-brand-50/40 p-3 sm:p-4">
      <p className="mb-3 flex items-center gap-2 text-sm font-semibold text-gray-900">
        <Icon className="h-4 w-4 text-brand-600" aria-hidden />
        Novo bloco: {label}
      </p>
      <BlockForm
        type={type}
        data={null}
        pageTitle={pageTitle}
        label={`Novo bloco: ${label}`}
        submitLabel="Adicionar à página"
        onSave={onSave}
        onCancel={onCancel}
      />
    </div>
  );
}

/** The clock the badges read ("Agendado", "Encerrado"), moved on every half minute. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
