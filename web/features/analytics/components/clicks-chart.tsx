import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DailyPoint } from "./daily-series";

/** Clicks per day. Loaded in its own chunk (recharts is most of the bundle): see clicks-trend.tsx. */
export function ClicksChart({ points }: { points: DailyPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <defs>
          <linearGradient id="clicks-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#3b82f6" stopOpacity={0.25} />
            <stop offset="100%" stopColor="#3b82f6" stopOpacity={0} />
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
          formatter={(value) => [`${value} ${value === 1 ? "clique" : "cliques"}`, ""]}
          separator=""
          labelStyle={{ color: "#111827", fontWeight: 600 }}
          contentStyle={{ borderRadius: 8, borderColor: "#e5e7eb", fontSize: 13 }}
        />
        <Area
          type="monotone"
          dataKey="clicks"
          name="Cliques"
          stroke="#2563eb"
          strokeWidth={2}
          fill="url(#clicks-fill)"
          dot={false}
          activeDot={{ r: 4 }}
          animationDuration={500}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
