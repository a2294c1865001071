// The final table: metric, ours, baseline, ratio, target, PASS/FAIL (or INFO / SKIP).
export type Verdict = "PASS" | "FAIL" | "INFO" | "SKIP";

export type Row = {
  metric: string;
  ours: string;
  baseline?: string;
  ratio?: string;
  target: string;
  verdict: Verdict;
  note?: string;
};

export const verdict = (ok: boolean): Verdict => (ok ? "PASS" : "FAIL");

export const fmt = {
  rps: (n: number) => `${Math.round(n).toLocaleString("en-US")}/s`,
  ms: (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`,
  mb: (n: number) => `${n.toFixed(0)} MB`,
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
  pct: (ratio: number) => `${(ratio * 100).toFixed(0)}%`,
  int: (n: number) => n.toLocaleString("en-US"),
};

export function renderTable(rows: Row[]): string {
  const head = ["metric", "ours", "baseline", "ratio", "target", "result"];
  const body = rows.map((row) => [
    row.metric,
    row.ours,
    row.baseline ?? "",
    row.ratio ?? "",
    row.target,
    row.verdict,
  ]);
  const widths = head.map((_, i) => Math.max(head[i]!.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  const out = [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)];
  const notes = rows.filter((row) => row.note).map((row) => `  * ${row.metric}: ${row.note}`);
  if (notes.length) out.push("", ...notes);
  return out.join("\n");
}
