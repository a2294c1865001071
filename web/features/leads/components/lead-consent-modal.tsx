import type { Lead } from "@common/contract/leads";
import { formatDateTimeBR } from "@common/time";
import { Modal } from "@web/components/ui/modal";
import { leadName } from "./lead-row";

/**
 * A contact's proof of consent (LGPD art. 8): the exact text the visitor agreed to, its version
 * and when, as kept when the form was sent; a later edit of the form's text does not change it.
 */
export function LeadConsentModal({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  return (
    <Modal title="Consentimento" subtitle={leadName(lead)} onClose={onClose} width="max-w-lg">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-500">Aceito em</dt>
        <dd className="text-gray-900 tabular-nums">
          <time dateTime={lead.consent_at}>{formatDateTimeBR(lead.consent_at)}</time>
        </dd>
        <dt className="text-gray-500">Versão do texto</dt>
        <dd className="text-gray-900">{lead.consent_version}</dd>
      </dl>
      <p className="mt-4 text-xs font-medium tracking-wide text-gray-500 uppercase">Texto aceito</p>
      <blockquote className="mt-1 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm whitespace-pre-line text-gray-800">
        {lead.consent_text}
      </blockquote>
      <p className="mt-3 text-xs text-gray-500">
        O texto fica guardado como a pessoa o viu: se você mudar o texto do formulário, este registro não
        muda.
      </p>
    </Modal>
  );
}
