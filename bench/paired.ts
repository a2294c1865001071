// A comparison's rounds, paired: each round runs the baseline and ours back to back (the baseline
// first in odd rounds, ours first in even ones, so that a machine speeding up or slowing down
// favours neither side), and the row is the round whose ratio is the median.
//
// Why not the best round of each side: this machine's speed moves by a third from one 5 s run to
// the next, and by half from one day to the next. Two runs next to each other share the machine's
// state; runs a minute apart do not, and the best of each side may come from different states (a
// 34k/s baseline run against a 22k/s one in a run of 30 Nov 2026). The median of paired ratios is what
// `farm-bench` reports for the same reason.
import type { LoadResult } from "./load";
import { fmt } from "./report";

/** What a round compares of a run: its rate, and the requests it failed. */
export type Run = Pick<LoadResult, "rps" | "errors">;

export type Round<T extends Run, B extends Run = LoadResult> = { baseline: B; ours: T; ratio: number };

export type Paired<T extends Run, B extends Run = LoadResult> = {
  /** The median round's ratio, ours over its own baseline. */
  ratio: number;
  /** The median round's runs. */
  ours: T;
  baseline: B;
  rounds: Round<T, B>[];
};

/**
 * The round whose ratio is the median; with an even number of rounds, the lower of the middle two
 * (a row is never judged on a figure no round measured).
 */
export function medianRound<T extends Run, B extends Run>(rounds: readonly Round<T, B>[]): Round<T, B> {
  if (rounds.length === 0) throw new Error("no rounds");
  const sorted = [...rounds].sort((a, b) => a.ratio - b.ratio);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Runs `count` paired rounds, alternating which side goes first, and reports each as it ends. */
export async function pairedRounds<T extends Run, B extends Run>(
  count: number,
  runBaseline: () => Promise<B>,
  runOurs: () => Promise<T>,
  onRound: (round: Round<T, B>, index: number) => void = () => {},
): Promise<Paired<T, B>> {
  const rounds: Round<T, B>[] = [];
  for (let i = 1; i <= count; i++) {
    let baseline: B;
    let ours: T;
    if (i % 2 === 1) {
      baseline = await runBaseline();
      ours = await runOurs();
    } else {
      ours = await runOurs();
      baseline = await runBaseline();
    }
    const round = { baseline, ours, ratio: ours.rps / baseline.rps };
    rounds.push(round);
    onRound(round, i);
  }
  const median = medianRound(rounds);
  return { ratio: median.ratio, ours: median.ours, baseline: median.baseline, rounds };
}

/** Every round's ratio in the order run, for a row's note ("rounds 71%, 78%, 74%"). */
export const roundRatios = (paired: Paired<Run, Run>) =>
  `rounds ${paired.rounds.map((r) => fmt.pct(r.ratio)).join(", ")}`;

/** Errors or unexpected statuses in any of our rounds: a row fails on one, whichever round it was in. */
export const oursErrors = (paired: Paired<Run, Run>) =>
  paired.rounds.reduce((sum, round) => sum + round.ours.errors, 0);
