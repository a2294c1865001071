import type { ButtonStyle } from "@common/button-style";
import { BLOCK_MESSAGES, type Block } from "@common/contract/link-blocks";
import { blockSummary } from "@common/link-bio/block-summary";
import { useSortable } from "@dnd-kit/sortable";
import { Button } from "@web/components/ui/button";
import { errorMessage } from "@web/lib/api-client";
import {
  ArrowDown,
  ArrowUp,
  CalendarClock,
  ChevronDown,
  Copy,
  GripVertical,
  Paintbrush,
  Trash2,
} from "lucide-react";
import { type ReactNode, type Ref, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { useUpdateBlock } from "../../api/use-update-block";
import { LinkStyleModal } from "../link-style-modal";
import { BlockForm } from "./block-form";
import { BlockScheduleForm, type BlockWindow } from "./block-schedule-form";
import { BlockStatusBadges, blockStatus } from "./block-status";
import { BlockSwitch } from "./block-switch";
import { BLOCK_TYPE_INFO } from "./block-types";
import { RowAction } from "./row-action";

type Panel = "edit" | "schedule" | null;

/**
 * One block of the page: its handle, what it holds and its state, its switch, and its actions
 * (move, schedule, duplicate, delete). Its form opens in place; closing it gives the focus back.
 */
export function BlockRow({
  pageId,
  block,
  name,
  index,
  count,
  now,
  pageStyle,
  pageTitle,
  canDuplicate,
  onMove,
  onDuplicate,
  onDelete,
  announce,
  focusRef,
}: {
  pageId: number;
  block: Block;
  /** 'Link “Instagram”': what every control of the row says it acts on. */
  name: string;
  index: number;
  count: number;
  now: number;
  pageStyle: ButtonStyle;
  /** The page's title, for the forms that name it (a contact form's consent). */
  pageTitle: string;
  canDuplicate: boolean;
  onMove: (from: number, to: number) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  announce: (message: string) => void;
  /** The row's first control, for the editor to move the focus to (after a delete). */
  focusRef: Ref<HTMLElement>;
}) {
  const update = useUpdateBlock(pageId);
  const [panel, setPanel] = useState<Panel>(null);
  const [styling, setStyling] = useState(false);
  const summaryButton = useRef<HTMLButtonElement>(null);
  const scheduleButton = useRef<HTMLButtonElement>(null);
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: block.id, attributes: { roleDescription: "bloco reordenável" } });

  const { label, icon: Icon } = BLOCK_TYPE_INFO[block.type];
  const summary = blockSummary(block);
  const editable = block.type !== "divider";
  const status = blockStatus(block, now);
  const shown = status.every((s) => s.tone === "green");
  const scheduled = block.starts_at !== null || block.ends_at !== null;
  // The switch shows what was asked while it is being saved.
  const toggling = update.isPending && update.variables?.body.is_active !== undefined;
  const active = toggling ? Boolean(update.variables?.body.is_active) : block.is_active;

  const closePanel = (focus: HTMLElement | null) => {
    setPanel(null);
    requestAnimationFrame(() => focus?.focus());
  };
  const save = async (body: Parameters<typeof update.mutateAsync>[0]["body"], done: string) => {
    await update.mutateAsync({ id: block.id, body });
    announce(done);
  };
  const move = (to: number) => {
    onMove(index, to);
    // At the top (or bottom) the arrow just used goes off: the focus goes to the other one.
    if (to === 0) requestAnimationFrame(() => downButton.current?.focus());
    if (to === count - 1) requestAnimationFrame(() => upButton.current?.focus());
  };

  // Where the focus goes when a neighbour is deleted: the summary, or the handle of a block that has
  // none to edit (a divider).
  const registerFocus = (element: HTMLElement | null) => {
    if (typeof focusRef === "function") focusRef(element);
    else if (focusRef) focusRef.current = element;
  };
  const setSummaryRef = (element: HTMLButtonElement | null) => {
    summaryButton.current = element;
    if (editable) registerFocus(element);
  };
  const setHandleRef = (element: HTMLButtonElement | null) => {
    setActivatorNodeRef(element);
    if (!editable) registerFocus(element);
  };

  return (
    <li
      ref={setNodeRef}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
      }}
      data-testid={`block-${block.id}`}
      data-block-type={block.type}
      className={`rounded-lg border bg-white ${isDragging ? "relative z-10 border-brand-500 shadow-lg" : "border-gray-200"}`}
    >
      {/* Phones: handle, summary and switch, then the state, then the actions; wider: one line. */}
      <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-1 p-1 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto]">
        <button
          type="button"
          ref={setHandleRef}
          {...attributes}
          {...listeners}
          aria-label={`Arrastar para reordenar: ${name}`}
          title="Arrastar para reordenar"
          className="inline-flex h-11 w-11 cursor-grab touch-none items-center justify-center rounded-md text-gray-400 hover:bg-gray-100 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing sm:row-span-2"
        >
          <GripVertical className="h-5 w-5" aria-hidden />
        </button>
        <SummaryButton
          ref={setSummaryRef}
          editable={editable}
          expanded={panel === "edit"}
          label={`Editar ${name}`}
          controls={panel === "edit" ? `${ids}-edit` : undefined}
          describedBy={status.length ? `${ids}-status` : undefined}
          onClick={() => (panel === "edit" ? closePanel(summaryButton.current) : setPanel("edit"))}
        >
          <span
            className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-lg ${shown ? "bg-brand-50 text-brand-600" : "bg-gray-100 text-gray-400"}`}
          >
            <Icon className="h-4 w-4" aria-hidden />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-xs font-medium text-gray-500">{label}</span>
            {summary && (
              <span
                data-testid="block-summary"
                className={`block truncate text-sm font-medium ${shown ? "text-gray-900" : "text-gray-500"}`}
              >
                {summary}
              </span>
            )}
          </span>
        </SummaryButton>
        <div className="col-start-2 col-end-4 row-start-3 flex items-center justify-end sm:col-start-3 sm:col-end-4 sm:row-span-2 sm:row-start-1">
          <RowAction
            ref={upButton}
            icon={ArrowUp}
            label={`Mover ${name} para cima`}
            title="Mover para cima"
            disabled={index === 0}
            onClick={() => move(index - 1)}
          />
          <RowAction
            ref={downButton}
            icon={ArrowDown}
            label={`Mover ${name} para baixo`}
            title="Mover para baixo"
            disabled={index === count - 1}
            onClick={() => move(index + 1)}
          />
          <RowAction
            ref={scheduleButton}
            icon={CalendarClock}
            label={`Agendar ${name}`}
            title={scheduled ? "Agendamento" : "Agendar"}
            pressed={scheduled || panel === "schedule"}
            aria-expanded={panel === "schedule"}
            aria-controls={panel === "schedule" ? `${ids}-schedule` : undefined}
            onClick={() => (panel === "schedule" ? closePanel(scheduleButton.current) : setPanel("schedule"))}
          />
          <RowAction
            icon={Copy}
            label={`Duplicar ${name}`}
            title={canDuplicate ? "Duplicar" : BLOCK_MESSAGES.blockLimit}
            disabled={!canDuplicate}
            onClick={onDuplicate}
          />
          <RowAction
            icon={Trash2}
            label={`Excluir ${name}`}
            title="Excluir"
            tone="danger"
            onClick={onDelete}
          />
        </div>
        <div className="col-start-3 row-start-1 sm:col-start-4 sm:row-span-2">
          <BlockSwitch
            label={`Mostrar ${name} na página`}
            checked={active}
            onChange={(checked) =>
              update.mutate(
                { id: block.id, body: { is_active: checked } },
                {
                  onSuccess: () => announce(checked ? `${name} ativado` : `${name} desativado`),
                  onError: (error) => toast.error(errorMessage(error, BLOCK_MESSAGES.saveFailed)),
                },
              )
            }
          />
        </div>
        <BlockStatusBadges
          id={`${ids}-status`}
          status={status}
          className="col-start-2 col-end-4 row-start-2 pb-1 pl-12 sm:col-end-3"
        />
      </div>

      {panel === "edit" && editable && (
        <div id={`${ids}-edit`} className="border-t border-gray-100 p-3 sm:p-4">
          <BlockForm
            type={block.type}
            data={block.data}
            pageTitle={pageTitle}
            label={`Editar ${name}`}
            submitLabel="Salvar bloco"
            onSave={(data) =>
              save({ data: data as Record<string, unknown> }, "Bloco salvo").then(() =>
                closePanel(summaryButton.current),
              )
            }
            onCancel={() => closePanel(summaryButton.current)}
            styleAction={
              block.type === "link" ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Button variant="secondary" className="min-h-11" onClick={() => setStyling(true)}>
                    <Paintbrush className="h-4 w-4" aria-hidden />
                    Personalizar botão
                  </Button>
                  <span className="text-xs text-gray-500">Cores e efeitos só deste link.</span>
                </div>
              ) : undefined
            }
          />
        </div>
      )}
      {panel === "schedule" && (
        <div id={`${ids}-schedule`} className="border-t border-gray-100 p-3 sm:p-4">
          <BlockScheduleForm
            name={name}
            schedule={{ starts_at: block.starts_at, ends_at: block.ends_at }}
            onSave={(schedule: BlockWindow) =>
              save(schedule, "Agendamento salvo").then(() => closePanel(scheduleButton.current))
            }
            onCancel={() => closePanel(scheduleButton.current)}
          />
        </div>
      )}
      {styling && block.type === "link" && (
        <LinkStyleModal
          pageId={pageId}
          link={block}
          pageStyle={pageStyle}
          onClose={() => setStyling(false)}
        />
      )}
    </li>
  );
}

/** What the block holds, as the button that opens its form (a divider has none: plain text). */
function SummaryButton({
  ref,
  editable,
  expanded,
  label,
  controls,
  describedBy,
  onClick,
  children,
}: {
  ref: Ref<HTMLButtonElement>;
  editable: boolean;
  expanded: boolean;
  label: string;
  controls: string | undefined;
  describedBy: string | undefined;
  onClick: () => void;
  children: ReactNode;
}) {
  const layout =
    "col-start-2 row-start-1 flex min-h-11 min-w-0 items-center gap-2.5 rounded-lg px-1.5 py-1 text-left";
  if (!editable) return <div className={layout}>{children}</div>;
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      aria-expanded={expanded}
      aria-controls={controls}
      aria-describedby={describedBy}
      onClick={onClick}
      className={`${layout} hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600`}
    >
      {children}
      <ChevronDown
        className={`hidden h-4 w-4 shrink-0 text-gray-400 transition-transform sm:block ${expanded ? "rotate-180" : ""}`}
        aria-hidden
      />
    </button>
  );
}
