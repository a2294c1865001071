import { INTERVAL_LABELS, INTERVAL_TYPES, type IntervalType } from "@common/contract/billing";

/** Mensal / Anual, as two pressed-state buttons; the yearly one can advertise its saving. */
export function IntervalSwitch({
  value,
  onChange,
  savingsPercent = 0,
}: {
  value: IntervalType;
  onChange: (value: IntervalType) => void;
  savingsPercent?: number;
}) {
  return (
    <fieldset className="inline-flex rounded-full border border-gray-200 bg-white p-1 shadow-sm">
      <legend className="sr-only">Período de cobrança</legend>
      {INTERVAL_TYPES.map((interval) => {
        const active = interval === value;
        return (
          <button
            key={interval}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(interval)}
            className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-5 ${
              active ? "bg-brand-600 text-white shadow-sm" : "text-gray-600 hover:text-gray-900"
            }`}
          >
            {INTERVAL_LABELS[interval]}
            {interval === "yearly" && savingsPercent > 0 && (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-bold ${
                  active ? "bg-white/20 text-white" : "bg-green-100 text-green-700"
                }`}
              >
                -{savingsPercent}%
              </span>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
