import { ADMIN_MESSAGES, ADMIN_USERS_SEARCH_COUNT_MAX, type AdminUser } from "@common/contract/admin";
import { useQuery } from "@tanstack/react-query";
import { PagedList } from "@web/components/data-table/paged-list";
import { useListFilters } from "@web/components/data-table/paging";
import { nextSort, type SortState } from "@web/components/data-table/sort-header";
import { ExportCsvLink } from "@web/components/ui/export-csv-link";
import { ListEmpty } from "@web/components/ui/list-states";
import { SearchField, useDebouncedSearch } from "@web/components/ui/search-field";
import { SectionHeader } from "@web/components/ui/section-header";
import { useConfirmedAction } from "@web/components/ui/use-confirmed-action";
import { Users } from "lucide-react";
import { useState } from "react";
import { type AdminUserSort, adminUsersQuery, USERS_CSV_PATH, usersSearch } from "../api/admin-users";
import { useDeleteUser } from "../api/use-delete-user";
import { useSetUserActive } from "../api/use-set-user-active";
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

/** 'Usuários' (spec 2): the server's paged, searched and sorted list, and each user's actions. */
export function AdminUsers({ currentUserId }: { currentUserId: number }) {
  const { filters, change, field, page, pager } = useListFilters<{
    q: string;
    sort: SortState<AdminUserSort>;
  }>({ q: "", sort: { sort: "created_at", order: "desc" } });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const confirmed = useConfirmedAction();
  const q = useDebouncedSearch(filters.q);
  const { sort } = filters;
  const params = { q, ...sort };

  const list = useQuery(adminUsersQuery(params, page));
  const setActive = useSetUserActive();
  const remove = useDeleteUser();
  const rows = list.data?.users ?? [];

  const onSort = (column: AdminUserSort) =>
    change({ sort: nextSort(sort, column, TEXT_SORTS.includes(column) ? "asc" : "desc") });

  const toggleActive = (user: AdminUser) => {
    const active = !user.is_active;
    return confirmed({
      title: `${active ? "Ativar" : "Desativar"} ${user.email}?`,
      body: active ? ADMIN_MESSAGES.confirmActivate : ADMIN_MESSAGES.confirmDeactivate,
      confirmLabel: active ? "Ativar usuário" : "Desativar usuário",
      danger: !active,
      action: () => setActive.mutateAsync({ id: user.id, active }),
      errorFallback: ADMIN_MESSAGES.statusFailed,
      success: (reply) =>
        reply.message || (active ? ADMIN_MESSAGES.userActivated : ADMIN_MESSAGES.userDeactivated),
    });
  };

  const deleteUser = (user: AdminUser) =>
    confirmed({
      title: `Deletar ${user.email}?`,
      body: ADMIN_MESSAGES.confirmDeleteUser,
      confirmLabel: "Deletar usuário",
      danger: true,
      action: () => remove.mutateAsync(user.id),
      errorFallback: ADMIN_MESSAGES.deleteUserFailed,
      success: ADMIN_MESSAGES.userDeleted,
    });

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
      <SectionHeader
        title="Usuários"
        count={list.data && (list.data.total ?? MORE_THAN_COUNTED)}
        description="Contas, planos, limites e uso de cada cliente."
        actions={
          <ExportCsvLink
            href={`${USERS_CSV_PATH}?${usersSearch(params)}`}
            title="A busca e a ordem da lista, sem paginação"
            className="self-start sm:self-auto"
          />
        }
      />

      <PagedList
        label="Lista de usuários"
        toolbar={
          <div className="flex flex-col gap-3 border-b border-gray-100 p-4 sm:flex-row sm:items-center">
            <SearchField
              label="Buscar usuários"
              hideLabel
              {...field("q")}
              placeholder="Buscar por nome ou email"
              className="w-full max-w-md"
            />
            {/* The usage columns (and their sort buttons) are not shown below lg: the same sorts here. */}
            <label className="flex items-center gap-2 text-sm text-gray-600 lg:hidden">
              <span className="shrink-0">Ordenar por</span>
              <select
                value={`${sort.sort}:${sort.order}`}
                onChange={(event) => {
                  const [column, order] = event.target.value.split(":") as [AdminUserSort, "asc" | "desc"];
                  change({ sort: { sort: column, order } });
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
        }
        query={list}
        rows={rows}
        countMax={ADMIN_USERS_SEARCH_COUNT_MAX}
        pager={pager}
        loadingLabel="Carregando usuários"
        errorFallback="Erro ao carregar usuários"
        empty={
          <ListEmpty
            icon={Users}
            text={q ? "Nenhum usuário encontrado para a busca." : "Nenhum usuário ainda."}
          />
        }
      >
        <UsersTable
          users={rows}
          sort={sort}
          onSort={onSort}
          onAction={onAction}
          currentUserId={currentUserId}
        />
      </PagedList>

      {editing && <UserEditModal user={editing} onClose={() => setEditing(null)} />}
      {viewing && <UserDetailsModal user={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
