import { plural } from "@web/lib/plural";
import { useId } from "react";
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DailySeries } from "./daily-series";

/**
 * Figures per day as areas, one per series (a legend when there are two). Loaded in its own chunk,
 * recharts being most of the bundle: see daily-trend.tsx.
 */
export function DailyChart<Key extends string>({
  points,
  series,
}: {
  points: ({ label: string } & Record<Key, number>)[];
  series: DailySeries<Key>[];
}) {
  // A gradient's id is the document's: two charts on one screen must not fill from each other's.
  const gradient = `${useId().replace(/[^\w-]/g, "")}-fill-`;
  const unitOf = new Map<unknown, DailySeries<Key>["unit"]>(series.map((s) => [s.key, s.unit]));
  // The tooltip and the legend list the series in their order ("Visualizações" before "Cliques",
  // as the heading and the totals read), not by name.
  const order = new Map<unknown, number>(series.map((s, i) => [s.key, i]));
  const inOrder = (item: { dataKey?: unknown }) => order.get(item.dataKey) ?? 0;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <defs>
          {series.map((s) => (
            <linearGradient key={s.key} id={gradient + s.key} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={s.fill} stopOpacity={0.25} />
              <stop offset="100%" stopColor={s.fill} stopOpacity={0} />
            </linearGradient>
          ))}
        </defs>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" vertical={false} />
        <XAxis
          dataKey="label"
          tick={{ fontSize: 12, fill: "#6b7280" }}
          tickLine={false}
          axisLine={false}
          minTickGap={24}
        />
        <YAxis
          allowDecimals={false}
          tick={{ fontSize: 12, fill: "#6b7280" }}
          tickLine={false}
          axisLine={false}
          width={48}
        />
        <Tooltip
          formatter={(value, _name, item) => [
            plural(Number(value), ...(unitOf.get(item.dataKey) ?? ["", ""])),
            "",
          ]}
          separator=""
          itemSorter={inOrder}
          labelStyle={{ color: "#111827", fontWeight: 600 }}
          contentStyle={{ borderRadius: 8, borderColor: "#e5e7eb", fontSize: 13 }}
        />
        {series.length > 1 && (
          <Legend
            itemSorter={inOrder}
            iconType="circle"
            iconSize={8}
            wrapperStyle={{ fontSize: 13, paddingTop: 8 }}
          />
        )}
        {series.map((s) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={s.stroke}
            strokeWidth={2}
            fill={`url(#${gradient}${s.key})`}
            dot={false}
            activeDot={{ r: 4 }}
            animationDuration={500}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}
