// Summarises V8 CPU profiles (node --cpu-prof, BENCH_CPU_PROF=1): where the server's time went,
// by package / project file and by function, self and inclusive.
// Usage: npx tsx bench/profile-summary.ts bench/results/prof/*.cpuprofile [--top 25]
import fs from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] };

const args = process.argv.slice(2);
const topIndex = args.indexOf("--top");
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 25;
const files = args.filter((arg, i) => arg.endsWith(".cpuprofile") && (topIndex < 0 || i !== topIndex + 1));

function area(url: string, name: string): string {
  if (!url) return `(${name.replace(/[()]/g, "") || "native"})`;
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + 13).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith("node:")) return url;
  const project = url.indexOf("/work/");
  return project >= 0 ? url.replace(/^.*?\/(server|db|common|bench)\//, "$1/") : url;
}

for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const seconds = (profile.endTime - profile.startTime) / 1e6;
  const share = (hits: number) => `${((hits / total) * 100).toFixed(1).padStart(5)}%`;

  const inclusive = new Map<number, number>();
  const visit = (id: number): number => {
    const node = byId.get(id)!;
    let hits = node.hitCount ?? 0;
    for (const child of node.children ?? []) hits += visit(child);
    inclusive.set(id, hits);
    return hits;
  };
  visit(profile.nodes[0]!.id);

  const selfByArea = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const inclusiveByFunction = new Map<string, number>();
  // Inclusive time counted once per stack: a recursive function is not counted twice.
  const walk = (id: number, onStack: Set<string>) => {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"} ${area(url, functionName)}:${lineNumber + 1}`;
    const hits = node.hitCount ?? 0;
    selfByArea.set(area(url, functionName), (selfByArea.get(area(url, functionName)) ?? 0) + hits);
    selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + hits);
    const fresh = !onStack.has(key);
    if (fresh) inclusiveByFunction.set(key, (inclusiveByFunction.get(key) ?? 0) + inclusive.get(id)!);
    const next = fresh ? new Set(onStack).add(key) : onStack;
    for (const child of node.children ?? []) walk(child, next);
  };
  walk(profile.nodes[0]!.id, new Set());

  const list = (title: string, map: Map<string, number>, filter: (key: string) => boolean = () => true) => {
    console.log(`\n  ${title}`);
    for (const [key, hits] of [...map]
      .filter(([key]) => filter(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top))
      console.log(`  ${share(hits)}  ${key}`);
  };
  console.log(`\n${file}: ${seconds.toFixed(1)} s, ${total} samples`);
  list("self time by package / file", selfByArea);
  list("self time by function", selfByFunction);
  list(
    "inclusive time, project code",
    inclusiveByFunction,
    (key) => /\s(server|db|common)\//.test(key) && !key.startsWith("(anonymous) server/main.ts"),
  );
}
