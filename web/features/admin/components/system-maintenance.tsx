import { ADMIN_MESSAGES, type SystemInfo } from "@common/contract/admin";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { CopyButton } from "@web/components/ui/copy-button";
import { QueryStates } from "@web/components/ui/query-states";
import { useConfirmedAction } from "@web/components/ui/use-confirmed-action";
import { DatabaseBackup, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { BACKUP_PATH, systemInfoQuery, useClearCache } from "../api/system-maintenance";

/** A backup of a Postgres server, without any secret: the URL stays in the environment. */
export const PG_DUMP_COMMAND = 'pg_dump --format=custom --file="atalho-$(date +%F).dump" "$DATABASE_URL"';
export const PG_RESTORE_COMMAND =
  'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" atalho-AAAA-MM-DD.dump';

function Tool({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof RefreshCw;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col rounded-lg border border-gray-200 p-4">
      <h4 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        <Icon className="h-4 w-4 text-gray-500" aria-hidden />
        {title}
      </h4>
      <div className="mt-2 flex flex-1 flex-col gap-3 text-sm text-gray-600">{children}</div>
    </div>
  );
}

function Command({ label, command }: { label: string; command: string }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-medium text-gray-500">{label}</p>
      <div className="flex items-start gap-1 rounded-md bg-gray-900 py-1 pr-1 pl-3">
        <code className="min-w-0 flex-1 py-1.5 font-mono text-xs break-all text-gray-100">{command}</code>
        <CopyButton
          text={command}
          label={`Copiar o comando ${label.toLowerCase()}`}
          className="text-gray-300"
        />
      </div>
    </div>
  );
}

function ClearCache({ info }: { info: SystemInfo }) {
  const clear = useClearCache();
  const confirmed = useConfirmedAction();
  const where = info.shared_cache ? "de todos os servidores" : "do servidor";
  const onClear = () =>
    confirmed({
      title: `Limpar o cache ${where}?`,
      body: (
        <>
          <p>
            Links curtos, páginas públicas, blog, planos, domínios e configurações guardados em memória são
            descartados e lidos de novo do banco de dados.
          </p>
          <p>Nada é apagado; os primeiros acessos depois disso ficam um pouco mais lentos.</p>
        </>
      ),
      confirmLabel: "Limpar cache",
      action: () => clear.mutateAsync(),
      errorFallback: ADMIN_MESSAGES.cacheClearFailed,
      success: (result) => result.message || ADMIN_MESSAGES.cacheCleared,
    });
  return (
    <Tool icon={RefreshCw} title="Limpar cache">
      <p>
        Para quando uma mudança feita direto no banco ainda não aparece: o cache {where} é descartado e lido
        de novo.
      </p>
      <Button variant="secondary" className="mt-auto self-start" onClick={() => void onClear()}>
        Limpar cache
      </Button>
    </Tool>
  );
}

function Backup({ info }: { info: SystemInfo }) {
  if (info.database === "postgres") {
    return (
      <Tool icon={DatabaseBackup} title="Backup do banco de dados">
        <p>
          O banco é um servidor Postgres: faça o backup com o <code className="font-mono">pg_dump</code> de
          uma máquina que alcance o banco, com a variável <code className="font-mono">DATABASE_URL</code> do
          servidor.
        </p>
        <Command label="Backup" command={PG_DUMP_COMMAND} />
        <Command label="Restauração" command={PG_RESTORE_COMMAND} />
      </Tool>
    );
  }
  return (
    <Tool icon={DatabaseBackup} title="Backup do banco de dados">
      <p>
        Uma cópia do banco embutido (PGlite) em um arquivo .tar.gz. Para restaurar, pare o servidor e extraia
        o arquivo na pasta <code className="font-mono">pglite</code> do{" "}
        <code className="font-mono">DATA_DIR</code> (vazia).
      </p>
      <a
        href={BACKUP_PATH}
        download
        className="mt-auto inline-flex items-center justify-center gap-2 self-start rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-gray-700 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
      >
        <DatabaseBackup className="h-4 w-4" aria-hidden />
        Baixar backup
      </a>
    </Tool>
  );
}

/** 'Manutenção e dados' (spec 2's placeholders, made real): clear the caches, back up the database. */
export function SystemMaintenance() {
  const info = useQuery(systemInfoQuery);
  return (
    <QueryStates query={info} loadingLabel="Carregando ferramentas" errorFallback="Erro ao carregar">
      {(data) => (
        <div className="grid gap-3 md:grid-cols-2">
          <ClearCache info={data} />
          <Backup info={data} />
        </div>
      )}
    </QueryStates>
  );
}
