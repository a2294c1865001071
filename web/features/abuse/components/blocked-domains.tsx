import { ABUSE_MESSAGES, type BlockedDomain, blockedDomainBodySchema } from "@common/contract/abuse";
import { useQuery } from "@tanstack/react-query";
import { PagedList } from "@web/components/data-table/paged-list";
import { useListFilters } from "@web/components/data-table/paging";
import { Button } from "@web/components/ui/button";
import { ListEmpty } from "@web/components/ui/list-states";
import { SearchField, useDebouncedSearch } from "@web/components/ui/search-field";
import { TextField } from "@web/components/ui/text-field";
import { useConfirmedAction } from "@web/components/ui/use-confirmed-action";
import { errorMessage } from "@web/lib/api-client";
import { type FieldErrors, fieldError, issuesByField } from "@web/lib/form-errors";
import { Ban, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { blockedDomainsQuery, useBlockDomain, useUnblockDomain } from "../api/blocked-domains";

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Sao_Paulo",
});

const EMPTY_BLOCK = { domain: "", reason: "" };

function BlockForm() {
  const block = useBlockDomain();
  const [values, setValues] = useState(EMPTY_BLOCK);
  const [errors, setErrors] = useState<FieldErrors>({});
  const errorFor = fieldError(errors, block.error);

  /** A field bound to its value and its error. */
  const field = (name: keyof typeof EMPTY_BLOCK) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: errorFor(name),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = blockedDomainBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    block.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast.success(`${ABUSE_MESSAGES.blocked} (${saved.domain})`);
        setValues(EMPTY_BLOCK);
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
        {...field("domain")}
        placeholder="exemplo.com ou https://exemplo.com/pagina"
        hint="Os subdomínios também ficam bloqueados."
        autoComplete="off"
        spellCheck={false}
        maxLength={2048}
      />
      <TextField
        label="Motivo"
        {...field("reason")}
        placeholder="Ex.: phishing denunciado por usuários"
        hint="Fica no registro de auditoria."
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
  const confirmed = useConfirmedAction();
  const onUnblock = () =>
    confirmed({
      title: `Desbloquear ${entry.display_domain}?`,
      body: ABUSE_MESSAGES.unblockConsequence,
      confirmLabel: "Desbloquear domínio",
      danger: true,
      action: () => unblock.mutateAsync(entry.id),
      errorFallback: ABUSE_MESSAGES.unblockFailed,
      success: ABUSE_MESSAGES.unblocked,
    });
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
  const { filters, field, page, pager } = useListFilters({ q: "" });
  const q = useDebouncedSearch(filters.q);
  const list = useQuery(blockedDomainsQuery(q, page));
  const entries = list.data?.entries ?? [];

  return (
    <PagedList
      labelledBy="dominios-bloqueados"
      toolbar={
        <>
          <div className="border-b border-gray-100 p-4 sm:p-5">
            <h3 id="dominios-bloqueados" className="font-semibold text-gray-900">
              Domínios bloqueados {list.data && !q ? `(${list.data.total})` : ""}
            </h3>
            <p className="mt-0.5 text-sm text-gray-500">
              Links novos para estes domínios são recusados, e os que já existem deixam de redirecionar: quem
              abrir vê um aviso de link bloqueado.
            </p>
          </div>
          <BlockForm />
          <div className="p-4 sm:px-5">
            <SearchField
              label="Buscar domínios bloqueados"
              hideLabel
              {...field("q")}
              placeholder="Buscar por domínio ou motivo"
              className="max-w-md"
            />
          </div>
        </>
      }
      query={list}
      rows={entries}
      pager={pager}
      loadingLabel="Carregando domínios bloqueados"
      errorFallback={ABUSE_MESSAGES.loadFailed}
      empty={
        <ListEmpty
          icon={ShieldCheck}
          text={q ? "Nenhum domínio bloqueado para esta busca." : "Nenhum domínio bloqueado."}
        />
      }
    >
      <ul aria-label="Domínios bloqueados" className="divide-y divide-gray-100 border-t border-gray-100">
        {entries.map((entry) => (
          <BlockedRow key={entry.id} entry={entry} />
        ))}
      </ul>
    </PagedList>
  );
}
