import type { AdminUser } from "@common/contract/admin";
import { formatDateBR } from "@common/time";
import { ColumnHeader, DataTable } from "@web/components/data-table/data-table";
import { SortHeader, type SortState } from "@web/components/data-table/sort-header";
import { ActiveBadge, Badge } from "@web/components/ui/badge";
import { IconButton } from "@web/components/ui/icon-button";
import { plural } from "@web/lib/plural";
import { Eye, Pencil, Trash2, UserCheck, UserX } from "lucide-react";
import type { AdminUserSort } from "../api/admin-users";
import { PlanBadge } from "./plan-badge";

const count = new Intl.NumberFormat("pt-BR");

export type UserAction = "edit" | "details" | "toggle-active" | "delete";

type Props = {
  users: AdminUser[];
  sort: SortState<AdminUserSort>;
  onSort: (column: AdminUserSort) => void;
  onAction: (user: AdminUser, action: UserAction) => void;
  /** The signed-in administrator: their own row cannot be deactivated or deleted from here. */
  currentUserId: number;
};

export const fullName = (user: Pick<AdminUser, "first_name" | "last_name">) =>
  [user.first_name, user.last_name].filter(Boolean).join(" ");

function Avatar({ user }: { user: AdminUser }) {
  const picture = user.google_user_data.picture;
  // A phone gives the name and the email the room.
  if (picture) {
    return (
      <img src={picture} alt="" className="hidden h-9 w-9 shrink-0 rounded-full object-cover sm:block" />
    );
  }
  const letters = [user.first_name, user.last_name].map((name) => name.trim().charAt(0)).join("");
  return (
    <span
      aria-hidden
      className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-sm font-semibold text-white sm:inline-flex"
    >
      {(letters || user.email.charAt(0)).toUpperCase()}
    </span>
  );
}

/** The colours of 'Editar' and 'Detalhes'. */
const neutral = "text-gray-600 hover:bg-gray-100 hover:text-gray-900";

/** Plan and status: a column of their own from md up, under the name below it. */
function PlanAndStatus({ user }: { user: AdminUser }) {
  return (
    <div className="flex flex-wrap gap-1">
      <PlanBadge name={user.subscription?.plan_name} />
      {user.is_admin && <Badge tone="dark">Admin</Badge>}
      <ActiveBadge active={user.is_active} />
    </div>
  );
}

/**
 * The page of users with their badges, usage and actions. Narrower screens drop the columns that
 * do not fit (usage and signup below lg, plan and status below md) and show them under the name
 * instead, so the table fits a phone without scrolling sideways.
 */
export function UsersTable({ users, sort, onSort, onAction, currentUserId }: Props) {
  const wide = "hidden lg:table-cell";
  return (
    <DataTable
      head={
        <>
          <SortHeader
            columns={[
              { label: "Nome", column: "name" },
              { label: "Email", column: "email" },
            ]}
            state={sort}
            onSort={onSort}
            className="px-3 sm:px-4"
          />
          <ColumnHeader className="hidden md:table-cell">Plano</ColumnHeader>
          <ColumnHeader className="hidden md:table-cell">Status</ColumnHeader>
          <SortHeader
            columns={[{ label: "Link Bios", column: "link_pages" }]}
            state={sort}
            onSort={onSort}
            className={`${wide} text-right`}
          />
          <SortHeader
            columns={[{ label: "URLs", column: "shortened_urls" }]}
            state={sort}
            onSort={onSort}
            className={`${wide} text-right`}
          />
          <SortHeader
            columns={[{ label: "Cliques", column: "clicks" }]}
            state={sort}
            onSort={onSort}
            className={`${wide} text-right`}
          />
          <SortHeader
            columns={[{ label: "Cadastro", column: "created_at" }]}
            state={sort}
            onSort={onSort}
            className={wide}
          />
          <ColumnHeader padding="px-3 sm:px-4" className="text-right">
            Ações
          </ColumnHeader>
        </>
      }
    >
      {users.map((user) => {
        const self = user.id === currentUserId;
        const name = fullName(user);
        return (
          <tr key={user.id} className="hover:bg-gray-50">
            <td className="max-w-[18rem] px-3 py-3 sm:px-4">
              <div className="flex items-center gap-3">
                <Avatar user={user} />
                <div className="min-w-0">
                  <p className="truncate font-medium text-gray-900" title={name || undefined}>
                    {name || "—"}
                  </p>
                  <p className="truncate text-xs text-gray-500" title={user.email}>
                    {user.email}
                  </p>
                  <div className="mt-1.5 md:hidden">
                    <PlanAndStatus user={user} />
                  </div>
                  <p className="mt-1 text-xs text-gray-500 tabular-nums lg:hidden">
                    {plural(user.link_pages_count, "Link Bio", "Link Bios")} ·{" "}
                    {plural(user.shortened_urls_count, "URL", "URLs")} ·{" "}
                    {plural(user.total_clicks, "clique", "cliques")} · desde {formatDateBR(user.created_at)}
                  </p>
                </div>
              </div>
            </td>
            <td className="hidden px-4 py-3 md:table-cell">
              <PlanBadge name={user.subscription?.plan_name} />
            </td>
            <td className="hidden px-4 py-3 md:table-cell">
              <div className="flex flex-wrap gap-1">
                {user.is_admin && <Badge tone="dark">Admin</Badge>}
                <ActiveBadge active={user.is_active} />
              </div>
            </td>
            <td className={`${wide} px-4 py-3 text-right text-gray-700 tabular-nums`}>
              {count.format(user.link_pages_count)}
            </td>
            <td className={`${wide} px-4 py-3 text-right text-gray-700 tabular-nums`}>
              {count.format(user.shortened_urls_count)}
            </td>
            <td className={`${wide} px-4 py-3 text-right text-gray-700 tabular-nums`}>
              {count.format(user.total_clicks)}
            </td>
            <td className={`${wide} px-4 py-3 whitespace-nowrap text-gray-600`}>
              {formatDateBR(user.created_at)}
            </td>
            <td className="px-2 py-3 sm:px-4">
              <div className="grid grid-cols-2 justify-end gap-0.5 sm:flex">
                <IconButton
                  icon={Pencil}
                  label={`Editar ${user.email}`}
                  title="Editar"
                  onClick={() => onAction(user, "edit")}
                  size="sm"
                  className={neutral}
                />
                <IconButton
                  icon={Eye}
                  label={`Detalhes de ${user.email}`}
                  title="Detalhes"
                  onClick={() => onAction(user, "details")}
                  size="sm"
                  className={neutral}
                />
                <IconButton
                  icon={user.is_active ? UserX : UserCheck}
                  label={`${user.is_active ? "Desativar" : "Ativar"} ${user.email}`}
                  title={
                    self
                      ? "Você não pode desativar a sua própria conta"
                      : user.is_active
                        ? "Desativar"
                        : "Ativar"
                  }
                  onClick={() => onAction(user, "toggle-active")}
                  disabled={self}
                  size="sm"
                  className={
                    user.is_active ? "text-amber-600 hover:bg-amber-50" : "text-green-600 hover:bg-green-50"
                  }
                />
                <IconButton
                  icon={Trash2}
                  label={`Deletar ${user.email}`}
                  title={self ? "Você não pode deletar a sua própria conta" : "Deletar"}
                  onClick={() => onAction(user, "delete")}
                  disabled={self}
                  size="sm"
                  className="text-red-600 hover:bg-red-50"
                />
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
