import { type ButtonStyle, readButtonStyle, resolveButtonStyle } from "@common/button-style";
import { LINK_PAGE_MESSAGES, type Link } from "@common/contract/link-pages";
import { useQueryClient } from "@tanstack/react-query";
import { Modal } from "@web/components/ui/modal";
import { errorMessage } from "@web/lib/api-client";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { linksQuery } from "../api/links-query";
import { useUpdateLink } from "../api/use-update-link";
import { ButtonStyleEditor } from "./button-style-editor";

const SAVE_DELAY_MS = 300;

/**
 * A link's own button style over the page's. Every change shows at once (preview) and is saved
 * shortly after (PUT /api/links/{id} with only custom_style, spec 7).
 */
export function LinkStyleModal({
  pageId,
  link,
  pageStyle,
  onClose,
}: {
  pageId: number;
  link: Link;
  pageStyle: ButtonStyle;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { mutateAsync: saveLink } = useUpdateLink(pageId);
  const [overrides, setOverrides] = useState<Partial<ButtonStyle>>(() => readButtonStyle(link.custom_style));
  const [status, setStatus] = useState<"idle" | "pending" | "saved" | "error">("idle");
  const pending = useRef<Partial<ButtonStyle> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const style = pending.current;
    if (!style) return;
    pending.current = null;
    // A promise, not mutate() callbacks: "Concluído" closes the modal at once, and a failure of
    // that last save must still be reported.
    saveLink({ id: link.id, body: { custom_style: JSON.stringify(style) } }).then(
      () => setStatus((s) => (pending.current ? s : "saved")),
      (error) => {
        setStatus("error");
        toast.error(errorMessage(error, LINK_PAGE_MESSAGES.saveLinkFailed));
        void queryClient.invalidateQueries({ queryKey: linksQuery(pageId).queryKey });
      },
    );
  }, [saveLink, link.id, pageId, queryClient]);

  const apply = (next: Partial<ButtonStyle>) => {
    setOverrides(next);
    setStatus("pending");
    // The live preview reads the cached links: show the change there before it is saved.
    queryClient.setQueryData(linksQuery(pageId).queryKey, (links) =>
      links?.map((l) => (l.id === link.id ? { ...l, custom_style: JSON.stringify(next) } : l)),
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
    <Modal title="Personalizar botão" subtitle={link.title} onClose={close}>
      <ButtonStyleEditor
        style={resolveButtonStyle(pageStyle, overrides)}
        previewLabel={link.title}
        onChange={(patch) => apply({ ...overrides, ...patch })}
      />
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-4">
        <div className="flex items-center gap-3">
          <button
            type="button"
            disabled={!hasOverrides}
            onClick={() => apply({})}
            className="text-sm font-medium text-gray-600 hover:text-gray-900 disabled:opacity-40"
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
          className="rounded-lg bg-brand-600 px-5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Concluído
        </button>
      </div>
    </Modal>
  );
}
