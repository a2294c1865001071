import { type ButtonStyle, readButtonStyle, resolveButtonStyle } from "@common/button-style";
import { LINK_PAGE_MESSAGES, type Link } from "@common/contract/link-pages";
import { useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@web/lib/api-client";
import { X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
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
  const titleId = useId();
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

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);

  const hasOverrides = Object.keys(overrides).length > 0;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <button
        type="button"
        aria-label="Fechar"
        className="absolute inset-0 cursor-default bg-black/50"
        onClick={close}
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative max-h-[92vh] w-full max-w-xl overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl sm:p-6"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              Personalizar botão
            </h2>
            <p className="truncate text-sm text-gray-500">{link.title}</p>
          </div>
          <button
            type="button"
            onClick={close}
            className="rounded-md p-1 text-gray-500 hover:bg-gray-100"
            aria-label="Fechar"
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
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
      </div>
    </div>
  );
}
