import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { BackLink } from "@web/components/ui/back-link";
import { ButtonLink } from "@web/components/ui/button";
import { ExportCsvLink } from "@web/components/ui/export-csv-link";
import { FormError } from "@web/components/ui/notice";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { type ReactNode, useState } from "react";
import {
  type AnalyticsRange,
  type AnalyticsTargetKind,
  pageAnalyticsCsvPath,
  targetAnalyticsQuery,
} from "../api/analytics";
import { PageFigures } from "./page-figures";
import { ShortUrlFigures } from "./short-url-figures";

const RANGES: { value: AnalyticsRange; label: string; days: number }[] = [
  { value: "7d", label: "7 dias", days: 7 },
  { value: "30d", label: "30 dias", days: 30 },
  { value: "90d", label: "90 dias", days: 90 },
];

const BACK = {
  "shortened-urls": {
    to: paths.urlShortener,
    label: "Voltar para Encurtar URL",
    missing: "URL não encontrada",
  },
  "link-pages": { to: paths.linkPages, label: "Voltar para Link Bio", missing: "Página não encontrada" },
} as const;

type Props = { kind: AnalyticsTargetKind; id: string; heading: ReactNode };

/** The drill-down of one short link or Link Bio page over a period of 7, 30 or 90 days. */
export function TargetAnalytics({ kind, id, heading }: Props) {
  const [range, setRange] = useState<AnalyticsRange>("30d");
  const query = useQuery(targetAnalyticsQuery(kind, id, range));
  const back = BACK[kind];

  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return <TargetNotFound kind={kind} />;
  }
  const figures = query.data;
  const days = RANGES.find((r) => r.value === range)!.days;

  return (
    <div className="space-y-6">
      <BackLink to={back.to}>{back.label}</BackLink>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">{heading}</div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row sm:items-center">
          <SegmentedControl label="Período" options={RANGES} value={range} onChange={setRange} />
          {kind === "link-pages" && <ExportCsvLink href={pageAnalyticsCsvPath(id, range)} />}
        </div>
      </div>

      {query.isError && <FormError>{errorMessage(query.error, "Erro ao carregar analytics")}</FormError>}

      {kind === "link-pages" ? (
        <PageFigures figures={figures?.kind === "link-pages" ? figures.page : undefined} />
      ) : (
        <ShortUrlFigures
          figures={figures?.kind === "shortened-urls" ? figures.link : undefined}
          days={days}
        />
      )}
    </div>
  );
}

/** A target that does not exist, or belongs to someone else (the API answers 404 for both). */
export function TargetNotFound({ kind }: { kind: AnalyticsTargetKind | null }) {
  const back = kind
    ? BACK[kind]
    : { to: paths.analytics, label: "Voltar para Analytics", missing: "Não encontrado" };
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 text-center">
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 className="text-xl font-semibold text-gray-900">{back.missing}</h1>
      <p className="text-sm text-gray-500">Este item não existe ou foi excluído.</p>
      <ButtonLink to={back.to} className="mt-2">
        {back.label}
      </ButtonLink>
    </div>
  );
}
