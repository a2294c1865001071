import type { Lead } from "@common/contract/leads";
import { formatPhone } from "@common/link-bio/phone-number";
import { whatsAppUrl } from "@common/link-bio/whatsapp";
import { formatDateTimeBR } from "@common/time";
import { IconButton } from "@web/components/ui/icon-button";
import { Mail, MessageCircle, ShieldCheck, Trash2 } from "lucide-react";

/** How a dialog or a button names the contact: the name, else the e-mail, else the number. */
export function leadName(lead: Lead): string {
  return lead.name || lead.email || (lead.phone ? formatPhone(lead.phone) : `#${lead.id}`);
}

const cell = "block md:table-cell md:px-4 md:py-3 md:align-middle";
/** On a phone the label of a cell, shown before its value (the header row is hidden there). */
const phoneLabel = "mr-2 text-xs font-medium text-gray-500 md:hidden";

/**
 * One contact of the list: a table row from md, a card on a phone (the same markup, laid out as
 * blocks): who, with the e-mail (mailto) and WhatsApp (wa.me) under the name, the page, when it
 * came, its consent and delete.
 */
export function LeadRow({
  lead,
  pageTitle,
  onConsent,
  onDelete,
}: {
  lead: Lead;
  /** The page its form is on; null: the page was deleted. */
  pageTitle: string | null;
  onConsent: () => void;
  onDelete: () => void;
}) {
  const name = leadName(lead);
  return (
    <tr className="flex flex-wrap items-center gap-x-4 gap-y-1.5 p-4 md:table-row md:p-0">
      <td className={`${cell} w-full min-w-0 md:w-auto md:max-w-[22rem]`}>
        <p className={`font-semibold break-words ${lead.name ? "text-gray-900" : "text-gray-500 italic"}`}>
          {lead.name || "Sem nome"}
        </p>
        {lead.email && (
          <a
            href={`mailto:${lead.email}`}
            className="mt-0.5 flex w-fit max-w-full items-center gap-1.5 text-brand-700 hover:underline"
            title={`Escrever para ${lead.email}`}
          >
            <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden />
            <span className="min-w-0 truncate">{lead.email}</span>
          </a>
        )}
        {lead.phone && (
          <a
            href={whatsAppUrl(lead.phone)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-0.5 flex w-fit items-center gap-1.5 text-brand-700 tabular-nums hover:underline"
            title="Abrir conversa no WhatsApp"
          >
            <MessageCircle className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {formatPhone(lead.phone)}
          </a>
        )}
      </td>
      <td className={`${cell} min-w-0 text-gray-700 max-md:w-full md:max-w-[12rem]`}>
        <span className={phoneLabel}>Página</span>
        {pageTitle === null ? (
          <span className="text-gray-500 italic">Página excluída</span>
        ) : (
          <span className="break-words">{pageTitle}</span>
        )}
      </td>
      <td className={`${cell} text-gray-600 tabular-nums md:whitespace-nowrap`}>
        <span className={phoneLabel}>Recebido em</span>
        <time dateTime={lead.created_at}>{formatDateTimeBR(lead.created_at)}</time>
      </td>
      <td className={`${cell} max-md:ml-auto`}>
        <div className="flex justify-end gap-1">
          <IconButton
            icon={ShieldCheck}
            label={`Consentimento de ${name}`}
            title="Consentimento"
            tone="brand"
            onClick={onConsent}
          />
          <IconButton
            icon={Trash2}
            label={`Excluir ${name}`}
            title="Excluir"
            tone="danger"
            onClick={onDelete}
          />
        </div>
      </td>
    </tr>
  );
}
