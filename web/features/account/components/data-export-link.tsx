import { Download } from "lucide-react";
import { EXPORT_PATH } from "../api";

/** 'Baixar meus dados': the LGPD export as a plain download, styled where it stands. */
export function DataExportLink({ className }: { className: string }) {
  return (
    <a href={EXPORT_PATH} download className={className}>
      <Download className="h-4 w-4" aria-hidden />
      Baixar meus dados
    </a>
  );
}
