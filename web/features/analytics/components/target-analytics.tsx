import { ANALYTICS_MESSAGES } from "@common/contract/analytics";
import { BLOCK_TYPE_LABELS } from "@common/link-bio/block-summary";
import { paths } from "@common/paths";
import { useQuery } from "@tanstack/react-query";
import { BackLink } from "@web/components/ui/back-link";
import { ButtonLink } from "@web/components/ui/button";
import { FormError } from "@web/components/ui/notice";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { Compass, Globe2, Monitor, MousePointerClick, Share2, Smartphone } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { type AnalyticsRange, type AnalyticsTargetKind, targetAnalyticsQuery } from "../api/analytics";
import { deviceLabel, nameOrUnknown, referrerLabel } from "./click-dimensions";
import { ClicksTrend } from "./clicks-trend";
import { CountryLabel } from "./country-label";
import { dailySeries } from "./daily-series";
import { RankedList } from "./ranked-list";
import { SegmentedControl } from "./segmented-control";

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

/** The drill-down of one short link or Link Bio page: clicks by day and by visitor class. */
export function TargetAnalytics({ kind, id, heading }: Props) {
  const [range, setRange] = useState<AnalyticsRange>("30d");
  const query = useQuery(targetAnalyticsQuery(kind, id, range));
  const back = BACK[kind];

  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return <TargetNotFound kind={kind} />;
  }
  const data = query.data;
  const days = RANGES.find((r) => r.value === range)!.days;

  return (
    <div className="space-y-6">
      <BackLink to={back.to}>{back.label}</BackLink>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">{heading}</div>
        <SegmentedControl label="Período" options={RANGES} value={range} onChange={setRange} />
      </div>

      {query.isError && <FormError>{errorMessage(query.error, "Erro ao carregar analytics")}</FormError>}

      <section
        aria-labelledby="cliques-por-dia"
        className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
      >
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="cliques-por-dia" className="text-base font-semibold text-gray-900">
            Cliques por dia
          </h2>
          <p className="inline-flex items-center gap-1.5 text-sm text-gray-500">
            <MousePointerClick className="h-4 w-4" aria-hidden />
            {data ? (
              <span>
                <strong className="text-gray-900">{data.total_clicks.toLocaleString("pt-BR")}</strong>{" "}
                {data.total_clicks === 1 ? "clique" : "cliques"} no total
              </span>
            ) : (
              <span className="inline-block h-4 w-24 animate-pulse rounded bg-gray-200" />
            )}
          </p>
        </div>
        {data ? (
          <ClicksTrend points={dailySeries(data.daily_clicks, days)} />
        ) : (
          <div className="h-64 animate-pulse rounded-lg bg-gray-100" />
        )}
      </section>

      {kind === "link-pages" && (
        <Breakdown
          title="Cliques por bloco"
          icon={<MousePointerClick className="h-4 w-4" aria-hidden />}
          loading={!data}
        >
          <RankedList
            limit={100}
            empty="Nenhum bloco que leve a algum lugar ainda: adicione links, redes sociais, WhatsApp ou Pix à página."
            items={(data?.blocks ?? []).map((block) => ({
              key: String(block.id),
              label: (
                <>
                  <span className="text-gray-500">{BLOCK_TYPE_LABELS[block.type]}: </span>
                  {block.title}
                </>
              ),
              clicks: block.clicks,
            }))}
          />
        </Breakdown>
      )}

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Breakdown title="Países" icon={<Globe2 className="h-4 w-4" aria-hidden />} loading={!data}>
          <RankedList
            empty={ANALYTICS_MESSAGES.noCountries}
            items={(data?.countries ?? []).map((c) => ({
              key: c.value || "?",
              label: <CountryLabel code={c.value} />,
              clicks: c.clicks,
            }))}
          />
        </Breakdown>
        <Breakdown title="Origem" icon={<Share2 className="h-4 w-4" aria-hidden />} loading={!data}>
          <RankedList empty="Nenhum dado de origem ainda" items={merge(data?.referrers, referrerLabel)} />
        </Breakdown>
        <Breakdown title="Dispositivos" icon={<Smartphone className="h-4 w-4" aria-hidden />} loading={!data}>
          <RankedList empty="Nenhum dado de dispositivo ainda" items={merge(data?.devices, deviceLabel)} />
        </Breakdown>
        <Breakdown title="Navegadores" icon={<Compass className="h-4 w-4" aria-hidden />} loading={!data}>
          <RankedList empty="Nenhum dado de navegador ainda" items={merge(data?.browsers, nameOrUnknown)} />
        </Breakdown>
        <Breakdown
          title="Sistemas Operacionais"
          icon={<Monitor className="h-4 w-4" aria-hidden />}
          loading={!data}
        >
          <RankedList empty="Nenhum dado de sistema ainda" items={merge(data?.os, nameOrUnknown)} />
        </Breakdown>
      </div>
    </div>
  );
}

/** Rows labelled in pt-BR; rows that end up with the same label ('Outro', 'Direto') are summed. */
function merge(
  rows: { value: string; clicks: number }[] | undefined,
  label: (value: string | null) => string,
) {
  const sums = new Map<string, number>();
  for (const row of rows ?? []) {
    const name = label(row.value);
    sums.set(name, (sums.get(name) ?? 0) + row.clicks);
  }
  return [...sums].map(([name, clicks]) => ({ key: name, label: name, clicks }));
}

function Breakdown({
  title,
  icon,
  loading,
  children,
}: {
  title: string;
  icon: ReactNode;
  loading: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-4 flex items-center gap-2 text-base font-semibold text-gray-900">
        <span className="text-gray-400">{icon}</span>
        {title}
      </h2>
      {loading ? (
        <div className="space-y-3">
          {[0, 1, 2].map((n) => (
            <div key={n} className="h-6 animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : (
        children
      )}
    </section>
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
