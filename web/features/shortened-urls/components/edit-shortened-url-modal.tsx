import type { ShortenedUrl } from "@common/contract/shortened-urls";
import { Modal } from "@web/components/ui/modal";
import { createPortal } from "react-dom";
import { ShortenedUrlForm } from "./shortened-url-form";

/**
 * 'Editar': the shortener's form over the list, started from the link; closes once saved. Put on
 * <body>: the row that opens it is a list item.
 */
export function EditShortenedUrlModal({
  url,
  shortUrl,
  onClose,
}: {
  url: ShortenedUrl;
  shortUrl: string;
  onClose: () => void;
}) {
  return createPortal(
    <Modal
      title="Editar link curto"
      subtitle={shortUrl.replace(/^https?:\/\//, "")}
      onClose={onClose}
      width="max-w-3xl"
    >
      <ShortenedUrlForm editing={url} onSaved={onClose} />
    </Modal>,
    document.body,
  );
}
