import { PRICING_PATH } from "@common/contract/billing";
import { ApiError } from "@web/lib/api-client";
import { ArrowRight, Gauge } from "lucide-react";
import { Link } from "react-router";

/** A create refused by the plan: 403 with `details.limit` ("link_pages", "shortened_urls"). */
export function isPlanLimitError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && Boolean(error.field("limit"));
}

/** The server's message without the bare "em /pricing": the notice links to the plans instead. */
export function planLimitMessage(error: ApiError): string {
  return error.message
    .replace(new RegExp(`\\s*(em\\s+)?${PRICING_PATH}`, "g"), "")
    .replace(/\s+\./g, ".")
    .trim();
}

/**
 * Shown where a form reports its error when the plan's limit was reached, with the way to upgrade:
 * the server's refusal, or (a string) the limit the usage already shows before anything is sent.
 */
export function PlanLimitNotice({ error, className = "" }: { error: ApiError | string; className?: string }) {
  return (
    <div
      role="alert"
      className={`flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center ${className}`}
    >
      <p className="flex flex-1 items-start gap-2.5">
        <Gauge className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
        <span>{typeof error === "string" ? error : planLimitMessage(error)}</span>
      </p>
      <Link
        to={PRICING_PATH}
        className="inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg bg-brand-600 px-3.5 py-2 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Ver planos
        <ArrowRight className="h-4 w-4" aria-hidden />
      </Link>
    </div>
  );
}
