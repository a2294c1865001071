import { Download } from "lucide-react";

/**
 * 'Exportar CSV' of a list: `href` asks for what the list shows (its search, filters and order),
 * every page. While `disabled` (filters the server would refuse) the link is off.
 */
export function ExportCsvLink({
  href,
  disabled = false,
  title,
  className = "",
}: {
  href: string;
  disabled?: boolean;
  title?: string;
  className?: string;
}) {
  return (
    <a
      href={disabled ? undefined : href}
      download
      aria-disabled={disabled || undefined}
      title={title}
      className={`inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3.5 py-2 text-sm font-semibold text-gray-700 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50 ${disabled ? "pointer-events-none opacity-50" : ""} ${className}`}
    >
      <Download className="h-4 w-4" aria-hidden />
      Exportar CSV
    </a>
  );
}
