import {
  ADMIN_MESSAGES,
  ADMIN_USERS_PAGE_SIZE,
  ADMIN_USERS_SEARCH_COUNT_MAX,
  type AdminUser,
} from "@common/contract/admin";
import { useQuery } from "@tanstack/react-query";
import { useConfirm } from "@web/components/ui/confirm-dialog";
import { ListEmpty, ListStates } from "@web/components/ui/list-states";
import { PaginationFooter } from "@web/components/ui/pagination";
import { errorMessage } from "@web/lib/api-client";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { Download, Search, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { type AdminUserSort, adminUsersQuery, USERS_CSV_PATH, usersSearch } from "../api/admin-users";
import { useDeleteUser } from "../api/use-delete-user";
import { useSetUserActive } from "../api/use-set-user-active";
import type { SortState } from "./sort-header";
import { UserDetailsModal } from "./user-details-modal";
import { UserEditModal } from "./user-edit-modal";
import { type UserAction, UsersTable } from "./users-table";

/** A search's matches past the server's count: 'Usuários (mais de 10.000)'. */
const MORE_THAN_COUNTED = `mais de ${ADMIN_USERS_SEARCH_COUNT_MAX.toLocaleString("pt-BR")}`;

/** Names and emails read best A→Z; dates and counts largest first. */
const TEXT_SORTS: AdminUserSort[] = ["name", "email"];

/** The sorts offered where the table's sort buttons do not fit, each way round. */
const SORT_CHOICES: { value: `${AdminUserSort}:${"asc" | "desc"}`; label: string }[] = [
  { value: "created_at:desc", label: "Cadastro mais recente" },
  { value: "created_at:asc", label: "Cadastro mais antigo" },
  { value: "name:asc", label: "Nome (A–Z)" },
  { value: "name:desc", label: "Nome (Z–A)" },
  { value: "email:asc", label: "Email (A–Z)" },
  { value: "email:desc", label: "Email (Z–A)" },
  { value: "clicks:desc", label: "Mais cliques" },
  { value: "clicks:asc", label: "Menos cliques" },
  { value: "shortened_urls:desc", label: "Mais URLs" },
  { value: "shortened_urls:asc", label: "Menos URLs" },
  { value: "link_pages:desc", label: "Mais Link Bios" },
  { value: "link_pages:asc", label: "Menos Link Bios" },
];

const toolbarButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3.5 py-2 text-sm font-semibold text-gray-700 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50";

/** 'Usuários' (spec 2): the server's paged, searched and sorted list, and each user's actions. */
export function AdminUsers({ currentUserId }: { currentUserId: number }) {
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<SortState<AdminUserSort>>({ sort: "created_at", order: "desc" });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const confirm = useConfirm();
  const q = useDebouncedValue(search.trim());
  const params = { q, ...sort };

  const list = useQuery(adminUsersQuery(params, page));
  const setActive = useSetUserActive();
  const remove = useDeleteUser();
  const rows = list.data?.users ?? [];
  // A search that matches more than the server counts pages as far as it counted.
  const uncounted = list.data?.total === null;
  const total = list.data?.total ?? 0;
  const totalPages = Math.ceil(
    (uncounted ? ADMIN_USERS_SEARCH_COUNT_MAX : total) / (list.data?.page_size ?? ADMIN_USERS_PAGE_SIZE),
  );

  // After deleting the last user of the last page, show the page before it.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const onSort = (column: AdminUserSort) => {
    setSort((current) =>
      current.sort === column
        ? { sort: column, order: current.order === "asc" ? "desc" : "asc" }
        : { sort: column, order: TEXT_SORTS.includes(column) ? "asc" : "desc" },
    );
    setPage(1);
  };

  const toggleActive = async (user: AdminUser) => {
    const active = !user.is_active;
    let reply: { message?: string } | undefined;
    const done = await confirm({
      title: `${active ? "Ativar" : "Desativar"} ${user.email}?`,
      body: active ? ADMIN_MESSAGES.confirmActivate : ADMIN_MESSAGES.confirmDeactivate,
      confirmLabel: active ? "Ativar usuário" : "Desativar usuário",
      danger: !active,
      action: async () => {
        reply = await setActive.mutateAsync({ id: user.id, active });
      },
      describeError: (error) => errorMessage(error, ADMIN_MESSAGES.statusFailed),
    });
    if (done) {
      toast.success(
        reply?.message || (active ? ADMIN_MESSAGES.userActivated : ADMIN_MESSAGES.userDeactivated),
      );
    }
  };

  const deleteUser = async (user: AdminUser) => {
    const done = await confirm({
      title: `Deletar ${user.email}?`,
      body: ADMIN_MESSAGES.confirmDeleteUser,
      confirmLabel: "Deletar usuário",
      danger: true,
      action: () => remove.mutateAsync(user.id),
      describeError: (error) => errorMessage(error, ADMIN_MESSAGES.deleteUserFailed),
    });
    if (done) toast.success(ADMIN_MESSAGES.userDeleted);
  };

  const onAction = (user: AdminUser, action: UserAction) => {
    switch (action) {
      case "edit":
        return setEditing(user);
      case "details":
        return setViewing(user);
      case "toggle-active":
        return void toggleActive(user);
      case "delete":
        return void deleteUser(user);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-xl font-bold text-gray-900">
            Usuários {list.data ? `(${uncounted ? MORE_THAN_COUNTED : total})` : ""}
          </h2>
          <p className="mt-1 text-sm text-gray-500">Contas, planos, limites e uso de cada cliente.</p>
        </div>
        <a
          href={`${USERS_CSV_PATH}?${usersSearch(params)}`}
          download
          className={`${toolbarButton} self-start sm:self-auto`}
          title="A busca e a ordem da lista, sem paginação"
        >
          <Download className="h-4 w-4" aria-hidden />
          Exportar CSV
        </a>
      </div>

      <section
        className="min-w-0 rounded-xl border border-gray-200 bg-white shadow-sm"
        aria-label="Lista de usuários"
      >
        <div className="flex flex-col gap-3 border-b border-gray-100 p-4 sm:flex-row sm:items-center">
          <label className="relative block w-full max-w-md">
            <span className="sr-only">Buscar usuários</span>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400"
              aria-hidden
            />
            <input
              type="search"
              name="q"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder="Buscar por nome ou email"
              className="block w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm"
            />
          </label>
          {/* The usage columns (and their sort buttons) are not shown below lg: the same sorts here. */}
          <label className="flex items-center gap-2 text-sm text-gray-600 lg:hidden">
            <span className="shrink-0">Ordenar por</span>
            <select
              value={`${sort.sort}:${sort.order}`}
              onChange={(event) => {
                const [column, order] = event.target.value.split(":") as [AdminUserSort, "asc" | "desc"];
                setSort({ sort: column, order });
                setPage(1);
              }}
              className="block w-full rounded-lg border border-gray-300 bg-white py-2 pr-8 pl-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:w-auto sm:text-sm"
            >
              {SORT_CHOICES.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>

        <ListStates
          query={list}
          isEmpty={rows.length === 0}
          loadingLabel="Carregando usuários"
          errorFallback="Erro ao carregar usuários"
          empty={
            <ListEmpty
              icon={Users}
              text={q ? "Nenhum usuário encontrado para a busca." : "Nenhum usuário ainda."}
            />
          }
        >
          <div className={list.isPlaceholderData ? "opacity-60" : ""}>
            <UsersTable
              users={rows}
              sort={sort}
              onSort={onSort}
              onAction={onAction}
              currentUserId={currentUserId}
            />
          </div>
        </ListStates>

        <PaginationFooter page={page} totalPages={totalPages} onPage={setPage} moreThan={uncounted} />
      </section>

      {editing && <UserEditModal user={editing} onClose={() => setEditing(null)} />}
      {viewing && <UserDetailsModal user={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
