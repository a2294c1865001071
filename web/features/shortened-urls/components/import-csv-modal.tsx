import {
  SHORT_URL_IMPORT_COLUMNS,
  SHORT_URL_IMPORT_MAX_BYTES,
  SHORT_URL_IMPORT_MAX_ROWS,
  SHORT_URL_IMPORT_MESSAGES,
  type ShortenedUrlImportResult,
} from "@common/contract/shortened-urls";
import { Modal } from "@web/components/ui/modal";
import { errorMessage } from "@web/lib/api-client";
import { CheckCircle2, FileUp, Loader2 } from "lucide-react";
import { Fragment, useId, useState } from "react";
import { toast } from "sonner";
import { useImportShortenedUrls } from "../api/use-import-shortened-urls";

const FIELD_LABELS: Record<string, string> = {
  original_url: "URL",
  title: "Título",
  custom_code: "Código",
  expires_at: "Expira em",
  open_in_app: "Abrir no app",
  limit: "Plano",
};

/** 'Importar CSV': a file picker, the upload's progress and the report of the refused rows. */
export function ImportCsvModal({ onClose }: { onClose: () => void }) {
  const id = useId();
  const upload = useImportShortenedUrls();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState("");
  const [result, setResult] = useState<ShortenedUrlImportResult | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setFileError("");
    if (!file) {
      setFileError("Escolha um arquivo CSV.");
      return;
    }
    if (file.size > SHORT_URL_IMPORT_MAX_BYTES) {
      setFileError(SHORT_URL_IMPORT_MESSAGES.tooLarge);
      return;
    }
    try {
      const answer = await upload.mutateAsync(await file.text());
      setResult(answer);
      if (answer.created > 0) toast.success(SHORT_URL_IMPORT_MESSAGES.imported(answer.created));
    } catch (error) {
      setFileError(errorMessage(error, SHORT_URL_IMPORT_MESSAGES.importFailed));
    }
  }

  return (
    <Modal title="Importar CSV" onClose={onClose} width="max-w-2xl" dismissible={!upload.isPending}>
      {result ? (
        <div>
          <p className="flex items-center gap-2 text-sm font-medium text-gray-900" role="status">
            <CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden />
            {SHORT_URL_IMPORT_MESSAGES.imported(result.created)}
            {result.refused.length > 0 &&
              ` ${result.refused.length} ${result.refused.length === 1 ? "linha recusada" : "linhas recusadas"}.`}
          </p>
          {result.refused.length > 0 && (
            <div className="mt-4 max-h-80 overflow-auto rounded-lg border border-gray-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Linhas recusadas</caption>
                <thead className="sticky top-0 bg-gray-50 text-xs text-gray-600 uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Linha
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Campo
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Motivo
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {result.refused.map((refusal) => (
                    <tr key={`${refusal.row}-${refusal.field}`}>
                      <td className="px-3 py-2 font-mono text-gray-900">{refusal.row}</td>
                      <td className="px-3 py-2 text-gray-700">
                        {FIELD_LABELS[refusal.field] ?? refusal.field}
                      </td>
                      <td className="px-3 py-2 text-gray-700">{refusal.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={() => {
                setResult(null);
                setFile(null);
              }}
              className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
            >
              Importar outro arquivo
            </button>
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Concluir
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p className="text-sm text-gray-600">
            Colunas:{" "}
            <code className="font-mono text-gray-900">
              {/* The line may break after a comma (a phone is narrower than the list); a copy has none. */}
              {SHORT_URL_IMPORT_COLUMNS.map((column, i) => (
                <Fragment key={column}>
                  {i > 0 && (
                    <>
                      ,<wbr />
                    </>
                  )}
                  {column}
                </Fragment>
              ))}
            </code>{" "}
            (só <code className="font-mono">original_url</code> é obrigatória). Separadas por vírgula ou ponto
            e vírgula; datas como 31/12/2026 ou 31/12/2026 18:00 (horário de Brasília); open_in_app como sim
            ou não (vazio é sim). Até {SHORT_URL_IMPORT_MAX_ROWS.toLocaleString("pt-BR")} linhas e 1 MB.
          </p>
          <label htmlFor={`${id}-file`} className="mt-4 block text-sm font-medium text-gray-700">
            Arquivo CSV
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            disabled={upload.isPending}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError("");
            }}
            aria-invalid={Boolean(fileError)}
            aria-describedby={fileError ? `${id}-error` : undefined}
            className="mt-1 block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
          />
          {fileError && (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-600">
              {fileError}
            </p>
          )}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={onClose}
              disabled={upload.isPending}
              className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
            >
              Cancelar
            </button>
            <button
              type="submit"
              disabled={upload.isPending}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
            >
              {upload.isPending ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <FileUp className="h-4 w-4" aria-hidden />
              )}
              {upload.isPending ? "Importando..." : "Importar"}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
