import { formatDateTimeBR } from "@common/time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api-client";
import { toast } from "sonner";
import { revokeOtherSessions, sessionsQuery } from "../api";

/** Where the account is signed in (start and end of each session), and 'Sair dos outros dispositivos'. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const list = useQuery(sessionsQuery);
  const revoke = useMutation({ mutationFn: revokeOtherSessions });
  const others = (list.data ?? []).filter((session) => !session.current).length;

  const onRevoke = async () => {
    try {
      toast.success((await revoke.mutateAsync()).message);
      await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  if (list.isPending) return <Spinner />;
  if (list.isError) return <p className="text-sm text-red-700">{errorMessage(list.error)}</p>;
  return (
    <div className="space-y-4">
      <ul aria-label="Sessões" className="divide-y divide-gray-100 rounded-lg border border-gray-200">
        {list.data.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
          >
            <span className="text-gray-700">
              Entrou em {formatDateTimeBR(session.created_at)}
              <span className="text-gray-500"> · expira em {formatDateTimeBR(session.expires_at)}</span>
            </span>
            {session.current && (
              <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
                Este dispositivo
              </span>
            )}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onRevoke} loading={revoke.isPending} disabled={others === 0}>
        Sair dos outros dispositivos
      </Button>
    </div>
  );
}
