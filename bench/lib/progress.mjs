// Progress lines on stderr while the bench runs: the tables go to stdout only when a part ends, and a part takes
// minutes. Each line starts with the time since `npm run bench` began (child processes inherit the start).
const started = Number(process.env.RESTDASH_BENCH_STARTED ?? Date.now());
process.env.RESTDASH_BENCH_STARTED ??= String(started);

/** Writes `[m:ss] message` to stderr. */
export function progress(message) {
  const seconds = Math.max(0, Math.round((Date.now() - started) / 1000));
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  process.stderr.write(`[${clock}] ${message}\n`);
}
