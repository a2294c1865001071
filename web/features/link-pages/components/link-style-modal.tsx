import { type ButtonStyle, readButtonStyle, resolveButtonStyle } from "@common/button-style";
import { BLOCK_MESSAGES, type Block } from "@common/contract/link-blocks";
import { useQueryClient } from "@tanstack/react-query";
import { Modal } from "@web/components/ui/modal";
import { errorMessage } from "@web/lib/api-client";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { blocksQuery } from "../api/blocks-query";
import { useUpdateBlock } from "../api/use-update-block";
import { ButtonStyleEditor } from "./button-style-editor";

const SAVE_DELAY_MS = 300;

export type LinkBlock = Extract<Block, { type: "link" }>;

/**
 * A link block's own button style over the page's. Every change shows at once (preview) and is
 * saved shortly after (PUT /api/blocks/{id} with the link's data and its new custom_style).
 */
export function LinkStyleModal({
  pageId,
  link,
  pageStyle,
  onClose,
}: {
  pageId: number;
  link: LinkBlock;
  pageStyle: ButtonStyle;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { mutateAsync: saveBlock } = useUpdateBlock(pageId);
  const [overrides, setOverrides] = useState<Partial<ButtonStyle>>(() =>
    readButtonStyle(link.data.custom_style),
  );
  const [status, setStatus] = useState<"idle" | "pending" | "saved" | "error">("idle");
  const pending = useRef<Partial<ButtonStyle> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The rest of the link's data as it is now (its form may have saved it meanwhile).
  const latest = useRef(link.data);
  latest.current = link.data;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const style = pending.current;
    if (!style) return;
    pending.current = null;
    // A promise, not mutate() callbacks: "Concluído" closes the modal at once, and a failure of
    // that last save must still be reported.
    saveBlock({ id: link.id, body: { data: { ...latest.current, custom_style: style } } }).then(
      () => setStatus((s) => (pending.current ? s : "saved")),
      (error) => {
        setStatus("error");
        toast.error(errorMessage(error, BLOCK_MESSAGES.saveFailed));
        void queryClient.invalidateQueries({ queryKey: blocksQuery(pageId).queryKey });
      },
    );
  }, [saveBlock, link.id, pageId, queryClient]);

  const apply = (next: Partial<ButtonStyle>) => {
    setOverrides(next);
    setStatus("pending");
    // The live preview reads the cached blocks: show the change there before it is saved.
    queryClient.setQueryData(blocksQuery(pageId).queryKey, (blocks) =>
      blocks?.map((b) =>
        b.id === link.id && b.type === "link" ? { ...b, data: { ...b.data, custom_style: next } } : b,
      ),
    );
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, SAVE_DELAY_MS);
  };

  const close = useCallback(() => {
    flush();
    onClose();
  }, [flush, onClose]);

  const hasOverrides = Object.keys(overrides).length > 0;
  return (
    <Modal title="Personalizar botão" subtitle={link.data.title} onClose={close}>
      <ButtonStyleEditor
        style={resolveButtonStyle(pageStyle, overrides)}
        previewLabel={link.data.title}
        onChange={(patch) => apply({ ...overrides, ...patch })}
      />
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-4">
        <div className="flex items-center gap-3">
          <button
            type="button"
            disabled={!hasOverrides}
            onClick={() => apply({})}
            className="min-h-11 text-sm font-medium text-gray-600 hover:text-gray-900 disabled:opacity-40"
          >
            Usar estilo da página
          </button>
          <span className="text-xs text-gray-500" aria-live="polite">
            {status === "pending" ? "Salvando..." : status === "saved" ? "Salvo" : ""}
          </span>
        </div>
        <button
          type="button"
          onClick={close}
          className="min-h-11 rounded-lg bg-brand-600 px-5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Concluído
        </button>
      </div>
    </Modal>
  );
}
