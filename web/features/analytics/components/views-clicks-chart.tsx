import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ViewsAndClicksPoint } from "./daily-series";

/** A page's views and clicks per day, in its own chunk as clicks-chart.tsx (see views-clicks-trend.tsx). */
export function ViewsClicksChart({ points }: { points: ViewsAndClicksPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <defs>
          <linearGradient id="views-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#3b82f6" stopOpacity={0.2} />
            <stop offset="100%" stopColor="#3b82f6" stopOpacity={0} />
          </linearGradient>
          <linearGradient id="page-clicks-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#10b981" stopOpacity={0.25} />
            <stop offset="100%" stopColor="#10b981" stopOpacity={0} />
          </linearGradient>
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
          formatter={(value, name) => [Number(value).toLocaleString("pt-BR"), name]}
          labelStyle={{ color: "#111827", fontWeight: 600 }}
          contentStyle={{ borderRadius: 8, borderColor: "#e5e7eb", fontSize: 13 }}
        />
        <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 13, paddingTop: 8 }} />
        <Area
          type="monotone"
          dataKey="views"
          name="Visualizações"
          stroke="#2563eb"
          strokeWidth={2}
          fill="url(#views-fill)"
          dot={false}
          activeDot={{ r: 4 }}
          animationDuration={500}
        />
        <Area
          type="monotone"
          dataKey="clicks"
          name="Cliques"
          stroke="#059669"
          strokeWidth={2}
          fill="url(#page-clicks-fill)"
          dot={false}
          activeDot={{ r: 4 }}
          animationDuration={500}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
