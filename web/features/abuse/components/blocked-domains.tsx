import {
  ABUSE_MESSAGES,
  BLOCKED_DOMAINS_PAGE_SIZE,
  type BlockedDomain,
  blockedDomainBodySchema,
} from "@common/contract/abuse";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { useConfirm } from "@web/components/ui/confirm-dialog";
import { ListEmpty, ListStates } from "@web/components/ui/list-states";
import { PaginationFooter } from "@web/components/ui/pagination";
import { TextField } from "@web/components/ui/text-field";
import { errorMessage } from "@web/lib/api-client";
import { type FieldErrors, fieldError, issuesByField } from "@web/lib/form-errors";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { Ban, Search, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { blockedDomainsQuery, useBlockDomain, useUnblockDomain } from "../api/blocked-domains";

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Sao_Paulo",
});

function BlockForm() {
  const block = useBlockDomain();
  const [domain, setDomain] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const errorFor = fieldError(errors, block.error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = blockedDomainBodySchema.safeParse({ domain, reason });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    block.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast.success(`${ABUSE_MESSAGES.blocked} (${saved.domain})`);
        setDomain("");
        setReason("");
        block.reset();
      },
      onError: (error) => toast.error(errorMessage(error, ABUSE_MESSAGES.blockFailed)),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Bloquear domínio"
      className="grid gap-3 border-b border-gray-100 p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-start"
    >
      <TextField
        label="Domínio"
        name="domain"
        value={domain}
        onChange={(event) => setDomain(event.target.value)}
        placeholder="exemplo.com ou https://exemplo.com/pagina"
        hint="Os subdomínios também ficam bloqueados."
        error={errorFor("domain")}
        autoComplete="off"
        spellCheck={false}
        maxLength={2048}
      />
      <TextField
        label="Motivo"
        name="reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        placeholder="Ex.: phishing denunciado por usuários"
        hint="Fica no registro de auditoria."
        error={errorFor("reason")}
        maxLength={500}
      />
      <Button type="submit" loading={block.isPending} className="lg:mt-7">
        {!block.isPending && <Ban className="h-4 w-4" aria-hidden />}
        Bloquear domínio
      </Button>
    </form>
  );
}

function BlockedRow({ entry }: { entry: BlockedDomain }) {
  const unblock = useUnblockDomain();
  const confirm = useConfirm();
  const onUnblock = async () => {
    const done = await confirm({
      title: `Desbloquear ${entry.display_domain}?`,
      body: ABUSE_MESSAGES.unblockConsequence,
      confirmLabel: "Desbloquear domínio",
      danger: true,
      action: () => unblock.mutateAsync(entry.id),
      describeError: (error) => errorMessage(error, ABUSE_MESSAGES.unblockFailed),
    });
    if (done) toast.success(ABUSE_MESSAGES.unblocked);
  };
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-gray-900" title={entry.display_domain}>
          {entry.display_domain}
          {entry.display_domain !== entry.domain && (
            <span className="ml-2 font-mono text-xs font-normal text-gray-500">{entry.domain}</span>
          )}
        </p>
        <p className="mt-0.5 text-sm break-words text-gray-600">{entry.reason}</p>
        <p className="mt-0.5 text-xs text-gray-500">
          <time dateTime={entry.created_at}>{dateTime.format(new Date(entry.created_at))}</time>
          {entry.created_by_email && <> · por {entry.created_by_email}</>}
        </p>
      </div>
      <Button
        variant="secondary"
        onClick={() => void onUnblock()}
        loading={unblock.isPending}
        aria-label={`Desbloquear ${entry.display_domain}`}
        className="self-start text-red-700 sm:self-center"
      >
        Desbloquear
      </Button>
    </li>
  );
}

/**
 * 'Domínios bloqueados', against abuse: new links to these domains (and their subdomains) are refused,
 * existing ones answer a warning page instead of redirecting. Add, search, page and remove.
 */
export function BlockedDomains() {
  const [searchInput, setSearchInput] = useState("");
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(searchInput.trim());
  const list = useQuery(blockedDomainsQuery(q, page));
  const entries = list.data?.entries ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = Math.ceil(total / (list.data?.page_size ?? BLOCKED_DOMAINS_PAGE_SIZE));

  return (
    <section
      aria-labelledby="dominios-bloqueados"
      className="min-w-0 rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <div className="border-b border-gray-100 p-4 sm:p-5">
        <h3 id="dominios-bloqueados" className="font-semibold text-gray-900">
          Domínios bloqueados {list.data && !q ? `(${total})` : ""}
        </h3>
        <p className="mt-0.5 text-sm text-gray-500">
          Links novos para estes domínios são recusados, e os que já existem deixam de redirecionar: quem
          abrir vê um aviso de link bloqueado.
        </p>
      </div>
      <BlockForm />
      <div className="p-4 sm:px-5">
        <label className="relative block max-w-md">
          <span className="sr-only">Buscar domínios bloqueados</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400"
            aria-hidden
          />
          <input
            type="search"
            value={searchInput}
            onChange={(event) => {
              setSearchInput(event.target.value);
              setPage(1);
            }}
            placeholder="Buscar por domínio ou motivo"
            className="block w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm"
          />
        </label>
      </div>
      <ListStates
        query={list}
        isEmpty={entries.length === 0}
        loadingLabel="Carregando domínios bloqueados"
        errorFallback={ABUSE_MESSAGES.loadFailed}
        empty={
          <ListEmpty
            icon={ShieldCheck}
            text={q ? "Nenhum domínio bloqueado para esta busca." : "Nenhum domínio bloqueado."}
          />
        }
      >
        <ul
          aria-label="Domínios bloqueados"
          className={`divide-y divide-gray-100 border-t border-gray-100 ${list.isPlaceholderData ? "opacity-60" : ""}`}
        >
          {entries.map((entry) => (
            <BlockedRow key={entry.id} entry={entry} />
          ))}
        </ul>
      </ListStates>
      <PaginationFooter page={page} totalPages={totalPages} onPage={setPage} />
    </section>
  );
}
