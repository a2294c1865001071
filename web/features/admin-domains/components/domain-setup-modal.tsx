import type { CustomDomain } from "@common/contract/domains";
import { CopyButton } from "@web/components/ui/copy-button";
import { Modal } from "@web/components/ui/modal";
import { Clock, Info, LifeBuoy, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { domainName } from "./domain-texts";

/** Public suffixes of two labels seen in Brazil and abroad: "empresa.com.br" is a root domain. */
const TWO_LABEL_SUFFIXES = new Set([
  "com.br",
  "net.br",
  "org.br",
  "art.br",
  "blog.br",
  "eco.br",
  "edu.br",
  "gov.br",
  "ind.br",
  "inf.br",
  "adv.br",
  "eng.br",
  "med.br",
  "tec.br",
  "app.br",
  "dev.br",
  "co.uk",
  "org.uk",
  "com.au",
  "com.ar",
  "com.mx",
  "com.pt",
  "co.jp",
]);

/**
 * The record a name needs: the root of a domain takes an A record ("@"), a subdomain a CNAME named
 * after its own labels ("links" for links.empresa.com.br).
 */
export function recordFor(domain: string): { type: "A" | "CNAME"; name: string } {
  const labels = domain.toLowerCase().split(".");
  const suffix = labels.slice(-2).join(".");
  const rootLength = TWO_LABEL_SUFFIXES.has(suffix) ? 3 : 2;
  if (labels.length <= rootLength) return { type: "A", name: "@" };
  return { type: "CNAME", name: labels.slice(0, labels.length - rootLength).join(".") };
}

function Step({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-gray-400">{icon}</span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}

function RecordRow({ label, value, copy }: { label: string; value: ReactNode; copy?: string }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-2 py-2">
      <dt className="w-16 shrink-0 text-gray-500">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center justify-end gap-1 text-right font-mono text-gray-900">
        <span className="min-w-0 [overflow-wrap:anywhere]">{value}</span>
        {copy && <CopyButton text={copy} label={`Copiar ${label.toLowerCase()}`} />}
      </dd>
    </div>
  );
}

/**
 * The DNS setup of one domain (spec 2's guidance, corrected): a proxied Cloudflare record has TTL
 * "Auto" (300 applies to DNS-only records), and the A record points at the server's IP, which the
 * browser cannot know: the CNAME names the app's own host.
 */
export function DomainSetupModal({ domain, onClose }: { domain: CustomDomain; onClose: () => void }) {
  const mainHost = window.location.hostname;
  const record = recordFor(domain.domain);
  const name = domainName(domain);
  return (
    <Modal title="Instruções de configuração" subtitle={name} onClose={onClose} width="max-w-2xl">
      <div className="space-y-5 text-sm text-gray-700">
        <p>
          No painel de DNS de quem registra <strong className="[overflow-wrap:anywhere]">{name}</strong>, crie
          este registro:
        </p>
        <section
          aria-label={`Registro ${record.type}`}
          className="rounded-xl border border-brand-100 bg-brand-50/50 p-4"
        >
          <h3 className="font-semibold text-gray-900">
            {record.type === "A" ? "Domínio raiz: registro A" : "Subdomínio: registro CNAME"}
          </h3>
          <dl className="mt-2 divide-y divide-gray-200/70">
            <RecordRow label="Tipo" value={record.type} />
            <RecordRow label="Nome" value={record.name} copy={record.name} />
            {record.type === "A" ? (
              <RecordRow
                label="Valor"
                value={<span className="font-sans">o IP do servidor (o mesmo de {mainHost})</span>}
              />
            ) : (
              <RecordRow label="Valor" value={mainHost} copy={mainHost} />
            )}
            <RecordRow
              label="TTL"
              value={<span className="font-sans">Auto (com proxy) ou 300 (só DNS)</span>}
            />
          </dl>
        </section>
        <p className="text-gray-600">
          {record.type === "A"
            ? `Para um subdomínio (como links.${name}) use um registro CNAME apontando para ${mainHost}.`
            : `Para o domínio raiz use um registro A com o IP do servidor (o mesmo de ${mainHost}): a raiz não aceita CNAME na maioria dos provedores.`}
        </p>
        <ul className="space-y-3">
          <Step icon={<Info className="h-4 w-4" aria-hidden />}>
            <strong>Na Cloudflare:</strong> com o proxy ligado (nuvem laranja) o TTL fica em "Auto" e não pode
            ser mudado. Só com o proxy desligado ("Somente DNS") escolha TTL 300 (5 minutos).
          </Step>
          <Step icon={<Clock className="h-4 w-4" aria-hidden />}>
            A propagação do DNS pode levar até 24 horas. Use "Testar" para ver quando ficou pronto.
          </Step>
          <Step icon={<ShieldCheck className="h-4 w-4" aria-hidden />}>
            Com o DNS apontando para cá, o certificado HTTPS é emitido em 2 a 10 minutos.
          </Step>
          <Step icon={<LifeBuoy className="h-4 w-4" aria-hidden />}>
            Ficou com dúvida? O suporte responde em 1 a 4 horas úteis.
          </Step>
        </ul>
      </div>
    </Modal>
  );
}
