import type { ShortenedUrl } from "@common/contract/shortened-urls";
import { SHORT_URL_MESSAGES } from "@common/contract/shortened-urls";
import { paths } from "@common/paths";
import { formatDateBR } from "@common/time";
import { useConfirm } from "@web/components/ui/confirm-dialog";
import { CopyButton } from "@web/components/ui/copy-button";
import { QrCodeButton } from "@web/components/ui/qr-code-button";
import { errorMessage } from "@web/lib/api-client";
import {
  BarChart3,
  CalendarDays,
  ExternalLink,
  Loader2,
  MousePointerClick,
  Pencil,
  Trash2,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { useDeleteShortenedUrl } from "../api/use-delete-shortened-url";
import { EditShortenedUrlModal } from "./edit-shortened-url-modal";
import { isExpired } from "./short-link";

const iconButton =
  "inline-flex items-center gap-1.5 rounded-lg p-2 text-sm font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900";

/** One short link of the shortener's list, with its actions. */
export function ShortenedUrlRow({ url, shortUrl }: { url: ShortenedUrl; shortUrl: string }) {
  const remove = useDeleteShortenedUrl();
  const askConfirm = useConfirm();
  const expired = isExpired(url);
  const [editing, setEditing] = useState(false);

  async function onDelete() {
    const deleted = await askConfirm({
      title: `Excluir a URL ${shortUrl.replace(/^https?:\/\//, "")}?`,
      body: (
        <>
          <p>O link curto para de redirecionar na hora, e os cliques dele são apagados.</p>
          <p>{SHORT_URL_MESSAGES.confirmDelete}</p>
        </>
      ),
      confirmLabel: "Excluir URL",
      danger: true,
      action: () => remove.mutateAsync(url.id),
      describeError: (error) => errorMessage(error, SHORT_URL_MESSAGES.deleteFailed),
    });
    if (deleted) toast.success("URL excluída");
  }

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="truncate font-medium text-gray-900" title={url.title || url.original_url}>
            {url.title || url.original_url}
          </h3>
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
            <MousePointerClick className="h-3 w-3" aria-hidden />
            {url.click_count} {url.click_count === 1 ? "clique" : "cliques"}
          </span>
          {expired && (
            <span className="shrink-0 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700">
              Expirado
            </span>
          )}
        </div>
        <a
          href={shortUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-0.5 block truncate font-mono text-sm text-brand-600 hover:underline"
        >
          {shortUrl.replace(/^https?:\/\//, "")}
        </a>
        {url.title && (
          <p className="truncate text-sm text-gray-500" title={url.original_url}>
            {url.original_url}
          </p>
        )}
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-gray-500">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="h-3 w-3" aria-hidden />
            Criada em {formatDateBR(url.created_at)}
          </span>
          {url.has_password && <span>Protegido por senha</span>}
          {url.rules.length > 0 && (
            <span>
              {url.rules.length} {url.rules.length === 1 ? "regra" : "regras"}
            </span>
          )}
          {url.click_limit !== null && (
            <span>
              Limite: {url.limit_used}/{url.click_limit} cliques
            </span>
          )}
          {url.expires_at && (
            <span className={expired ? "text-red-600" : ""}>
              {expired ? "Expirou em" : "Expira em"} {formatDateBR(url.expires_at)}
            </span>
          )}
        </p>
      </div>
      <div className="-mx-2 flex shrink-0 items-center gap-0.5 sm:mx-0">
        <a
          href={url.original_url}
          target="_blank"
          rel="noopener noreferrer"
          className={iconButton}
          aria-label="Abrir URL original"
          title="Abrir URL original"
        >
          <ExternalLink className="h-4 w-4" aria-hidden />
        </a>
        <CopyButton text={shortUrl} label="Copiar link curto" />
        <QrCodeButton url={shortUrl} fileName={`qrcode-${url.short_code}`} />
        <Link
          to={paths.analyticsDetail("shortened-urls", url.id)}
          className={iconButton}
          aria-label="Estatísticas"
          title="Estatísticas"
        >
          <BarChart3 className="h-4 w-4" aria-hidden />
          <span className="hidden lg:inline">Estatísticas</span>
        </Link>
        <button
          type="button"
          onClick={() => setEditing(true)}
          className={iconButton}
          aria-label="Editar"
          title="Editar"
        >
          <Pencil className="h-4 w-4" aria-hidden />
          <span className="hidden lg:inline">Editar</span>
        </button>
        <button
          type="button"
          onClick={() => void onDelete()}
          disabled={remove.isPending}
          className="ml-auto inline-flex items-center rounded-lg p-2 text-gray-500 hover:bg-red-50 sm:ml-0 hover:text-red-600 disabled:opacity-50"
          aria-label="Excluir"
          title="Excluir"
        >
          {remove.isPending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <Trash2 className="h-4 w-4" aria-hidden />
          )}
        </button>
      </div>
      {editing && <EditShortenedUrlModal url={url} shortUrl={shortUrl} onClose={() => setEditing(false)} />}
    </li>
  );
}
