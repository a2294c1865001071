import { ChevronRight } from "lucide-react";
import { useId } from "react";
import { UTM_KEYS, UTM_LABELS, type UtmKey, type UtmValues } from "../utm";
import { inputClassFor, sectionSummaryClass } from "./form-styles";

const PLACEHOLDERS: Record<UtmKey, string> = {
  source: "instagram",
  medium: "social",
  campaign: "natal-2026",
  term: "tenis-corrida",
  content: "banner-topo",
};

/** 'Parâmetros UTM': five fields merged into the target; the merged address is shown below them. */
export function UtmFields({
  values,
  onChange,
  finalUrl,
  defaultOpen,
}: {
  values: UtmValues;
  onChange: (key: UtmKey, value: string) => void;
  /** The target with the parameters merged in, when it differs from what was typed. */
  finalUrl: string | null;
  defaultOpen: boolean;
}) {
  const id = useId();
  return (
    <details className="group mt-4 rounded-lg border border-gray-200 px-3 py-2" open={defaultOpen}>
      <summary className={sectionSummaryClass}>
        <ChevronRight className="h-4 w-4 transition-transform group-open:rotate-90" aria-hidden />
        Parâmetros UTM
        <span className="font-normal text-gray-500">(opcional)</span>
      </summary>
      <div className="mt-2 grid gap-3 pb-2 sm:grid-cols-2 lg:grid-cols-3">
        {UTM_KEYS.map((key) => (
          <div key={key}>
            <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-gray-700">
              {UTM_LABELS[key]}
            </label>
            <input
              id={`${id}-${key}`}
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder={PLACEHOLDERS[key]}
              value={values[key]}
              onChange={(event) => onChange(key, event.target.value)}
              className={inputClassFor(false)}
            />
          </div>
        ))}
      </div>
      {finalUrl && (
        <p className="mb-2 rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700">
          <span className="font-medium">URL de destino:</span>{" "}
          <span className="break-all font-mono" data-testid="utm-final-url">
            {finalUrl}
          </span>
        </p>
      )}
    </details>
  );
}
