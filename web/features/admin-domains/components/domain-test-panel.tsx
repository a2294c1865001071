import { type CustomDomain, DOMAIN_MESSAGES, type DomainTestResult } from "@common/contract/domains";
import { useQuery } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Modal } from "@web/components/ui/modal";
import { SpinnerIcon } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api-client";
import { ExternalLink, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { testDomain } from "../api/custom-domains";
import { domainName, plural, TEST_STATUS_HINTS, TEST_STATUS_LABELS } from "./domain-texts";

const STATUS_TONES: Record<DomainTestResult["status"], BadgeTone> = {
  valid: "green",
  pending: "amber",
  invalid_configuration: "red",
  conflicting_records: "red",
  not_found: "gray",
};

const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short" });
const date = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long" });

/** Spec 8: the server's reason, else 'Erro ao testar domínio'; no answer at all: a connection error. */
export function testErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return DOMAIN_MESSAGES.testConnectionFailed;
    const reason = error.body?.error;
    return typeof reason === "string" && reason ? reason : DOMAIN_MESSAGES.testFailed;
  }
  return DOMAIN_MESSAGES.testFailed;
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-gray-200 p-4">
      <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
      <dl className="mt-2 space-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

/** A term and its value on one line; `stacked`: the value under it (a sentence, not a value). */
function Item({ label, stacked, children }: { label: string; stacked?: boolean; children: ReactNode }) {
  return (
    <div className={stacked ? "min-w-0" : "flex min-w-0 justify-between gap-x-3"}>
      <dt className="shrink-0 text-gray-500">{label}</dt>
      <dd className={`min-w-0 [overflow-wrap:anywhere] text-gray-900 ${stacked ? "" : "text-right"}`}>
        {children}
      </dd>
    </div>
  );
}

const list = (values: string[]) => (values.length ? values.join(", ") : "nenhum");
const yes = (ok: boolean) => (ok ? "Sim" : "Não");

/** A test's result (spec 3): status, DNS found against expected, the certificate, usage and samples. */
export function DomainTestResultView({ result }: { result: DomainTestResult }) {
  const { validation_result: validation, dns, ssl, usage_stats: usage, test_urls: urls } = result;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONES[result.status]}>{TEST_STATUS_LABELS[result.status]}</Badge>
        <span className="text-xs text-gray-500">
          Verificado em {dateTime.format(new Date(validation.last_check))}
        </span>
      </div>
      <p className="text-sm text-gray-600">{TEST_STATUS_HINTS[result.status]}</p>
      {validation.error_message && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {validation.error_message}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Block title="DNS">
          <Item label="Configurado">{yes(validation.dns_configured)}</Item>
          <Item label="A encontrado">{list(dns.a)}</Item>
          <Item label="AAAA encontrado">{list(dns.aaaa)}</Item>
          <Item label="CNAME encontrado">{list(dns.cname)}</Item>
          <Item label="A esperado">{list(dns.expected.a)}</Item>
          {dns.expected.aaaa.length > 0 && <Item label="AAAA esperado">{list(dns.expected.aaaa)}</Item>}
          <Item label="CNAME esperado">{dns.expected.cname ?? "nenhum"}</Item>
        </Block>
        <Block title="Certificado SSL">
          <Item label="Válido">{yes(ssl.valid)}</Item>
          <Item label="Emissor">{ssl.issuer ?? "—"}</Item>
          <Item label="Expira em">{ssl.valid_to ? date.format(new Date(ssl.valid_to)) : "—"}</Item>
          <Item label="Dias restantes">
            {ssl.days_remaining === null ? "—" : plural(ssl.days_remaining, "dia", "dias")}
          </Item>
          {ssl.error && (
            <Item label="Erro" stacked>
              {ssl.error}
            </Item>
          )}
        </Block>
      </div>
      <Block title="Uso">
        <Item label="Páginas">{plural(usage.link_pages_count, "página", "páginas")}</Item>
        <Item label="Links">{plural(usage.shortened_urls_count, "link", "links")}</Item>
      </Block>
      {(urls.sample_link_page || urls.sample_short_url) && (
        <section aria-label="URLs de exemplo" className="space-y-1.5 text-sm">
          <h3 className="font-semibold text-gray-900">URLs de exemplo</h3>
          {[urls.sample_link_page, urls.sample_short_url].map(
            (url) =>
              url && (
                <a
                  key={url}
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-1.5 break-all text-brand-700 hover:underline"
                >
                  <ExternalLink className="h-4 w-4 shrink-0" aria-hidden />
                  {url}
                </a>
              ),
          )}
        </section>
      )}
    </div>
  );
}

/** 'Testar': runs GET /api/admin/test-domain/{id} when it opens, and again on request. */
export function DomainTestModal({ domain, onClose }: { domain: CustomDomain; onClose: () => void }) {
  const test = useQuery({
    // Outside ["admin"]: a change elsewhere in the panel does not re-run a network test.
    queryKey: ["domain-test", domain.id],
    queryFn: ({ signal }) => testDomain(domain.id, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return (
    <Modal title="Testar domínio" subtitle={domainName(domain)} onClose={onClose} width="max-w-2xl">
      {test.isFetching ? (
        <div role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-gray-600">
          <SpinnerIcon className="h-6 w-6 text-brand-600" />
          Testando DNS e HTTPS de {domainName(domain)}...
        </div>
      ) : test.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-3 text-sm text-red-700">
          {testErrorMessage(test.error)}
        </p>
      ) : test.data ? (
        <DomainTestResultView result={test.data} />
      ) : null}
      <div className="mt-5 flex justify-end border-t border-gray-100 pt-4">
        <Button variant="secondary" onClick={() => void test.refetch()} disabled={test.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          Testar novamente
        </Button>
      </div>
    </Modal>
  );
}
