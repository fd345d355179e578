// Small statistics and target helpers shared by every part of the benchmark.

/** Median of a non-empty list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** (max - min) / median: how much the rounds disagreed (NaN for a single round). */
export function spread(values) {
  return values.length < 2 ? NaN : (Math.max(...values) - Math.min(...values)) / median(values);
}

/** Median of the per-round ratios a[i] / b[i]: rounds are interleaved, so pairing them cancels drift. */
export function medianRatio(a, b) {
  return median(a.map((value, i) => value / b[i]));
}

/** A target row: `{ target: '≥ 2×', met: true }`, or blanks when a row has no target. */
export function target(label, met) {
  return { target: label, met: met ? 'yes' : '**NO**' };
}

export const noTarget = { target: '—', met: '—' };
