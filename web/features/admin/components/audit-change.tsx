import type { AuditEntry } from "@common/contract/admin";

/** A value as readable JSON: strings without quotes, objects indented. */
function show(value: unknown): string {
  if (value === undefined) return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 2);
}

/** Every field of before and after, the changed ones first. */
export function auditFields(entry: Pick<AuditEntry, "before" | "after">) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const fields = keys.map((key) => {
    const before = entry.before?.[key];
    const after = entry.after?.[key];
    return { key, before, after, changed: JSON.stringify(before) !== JSON.stringify(after) };
  });
  return [...fields.filter((f) => f.changed), ...fields.filter((f) => !f.changed)];
}

/** What an audited action changed: each field before → after, the changed ones highlighted. */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const fields = auditFields(entry);
  if (fields.length === 0) return <p className="text-sm text-gray-500">Sem detalhes registrados.</p>;
  const cell = "px-3 py-2 align-top font-mono text-xs break-words whitespace-pre-wrap";
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full table-fixed text-left text-sm">
        <thead className="bg-gray-50 text-xs text-gray-600">
          <tr>
            <th scope="col" className="w-1/5 px-3 py-2 font-semibold">
              Campo
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Antes
            </th>
            <td aria-hidden className="w-6" />
            <th scope="col" className="px-3 py-2 font-semibold">
              Depois
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {fields.map(({ key, before, after, changed }) => (
            <tr key={key} className={changed ? "bg-amber-50/60" : "text-gray-500"}>
              <th scope="row" className="px-3 py-2 align-top font-mono text-xs font-medium break-words">
                {key}
              </th>
              <td className={`${cell} ${changed ? "text-red-700" : ""}`}>
                {entry.before ? show(before) : "—"}
              </td>
              <td className="px-1 py-2 align-top text-gray-500" aria-hidden>
                →
              </td>
              <td className={`${cell} ${changed ? "text-green-700" : ""}`}>
                {entry.after ? show(after) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
