// Operations per second with tinybench, in several rounds. Each task runs its operation `batch` times per
// sample, so that sub-microsecond operations are not drowned in the timer's own cost.
import { Bench } from 'tinybench';
import { int, percent } from './format.mjs';
import { progress } from './progress.mjs';
import { median, spread } from './stats.mjs';

let sink;

/**
 * Measures each `{ name, fn, batch = 1, hooks }` for `rounds` rounds of `time` ms per task; `hooks` (tinybench's
 * `beforeAll`/`afterAll`) set up what only that task runs with, around each of its runs.
 * Tasks run one after another inside a round, so rounds interleave the cases being compared.
 * Returns a Map name → ops/s of each round. `label` names the measurement in the progress lines.
 */
export async function opsPerSecond(tasks, { time, rounds }, label) {
  const samples = new Map(tasks.map((task) => [task.name, []]));
  // About ten progress lines however many rounds (the sliced render comparisons have fifty).
  const every = Math.ceil(rounds / 10);
  for (let round = 0; round < rounds; round++) {
    if (round % every === 0)
      progress(`${label}: round ${round + 1}/${rounds} (${tasks.length} tasks × ${time} ms)`);
    const bench = new Bench({ time, warmupTime: time / 4, throws: true });
    for (const { name, fn, batch = 1, hooks } of tasks) {
      bench.add(
        name,
        () => {
          for (let i = 0; i < batch; i++) sink = fn();
        },
        hooks,
      );
    }
    await bench.run();
    for (const task of bench.tasks) {
      const batch = tasks.find((t) => t.name === task.name).batch ?? 1;
      samples.get(task.name).push((batch * 1000) / task.result.period);
    }
  }
  return samples;
}

/** The last value an operation returned, so the engine cannot drop the call as unused. */
export const lastResult = () => sink;

/** Columns of an ops/s table. */
export const OPS_COLUMNS = [
  ['case', 'case'],
  ['ops', 'ops/s (median)'],
  ['spread', 'spread of rounds'],
  ['toPeer', 'ratio to peer'],
  ['target', 'target'],
  ['met', 'met?'],
];

/** A row of an ops/s table: the case's median and spread, then `extra` (ratio and target cells). */
export const opsRow = (ops, name, extra) => ({
  case: name,
  ops: int(median(ops.get(name))),
  spread: percent(spread(ops.get(name))),
  ...extra,
});
