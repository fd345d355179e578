/**
 * The work a call does on strings, counted from the outside, for showing that a parser is linear-time without a
 * stopwatch and without a counter in production code: while `run()` runs, each `charCodeAt()` is one step and each
 * `indexOf()`, `slice()` and `toLowerCase()` counts the characters it covers. Those are the string operations the
 * scanners are made of; anything quadratic in them shows as a step count growing faster than the input.
 *
 * The methods are wrapped by hand rather than with `vi.spyOn()`, which records every call's arguments: millions of
 * them for a megabyte header.
 */
export function stringWork(run: () => void): number {
  const proto = String.prototype;
  // Taken off the prototype to be put back, and called with `.call(this, …)` meanwhile.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { charCodeAt, indexOf, slice, toLowerCase } = proto;
  let steps = 0;
  proto.charCodeAt = function (this: string, index: number) {
    steps++;
    return charCodeAt.call(this, index);
  };
  proto.indexOf = function (this: string, search: string, from = 0) {
    const found = indexOf.call(this, search, from);
    steps +=
      (found === -1 ? this.length : found + search.length) - Math.min(Math.max(from, 0), this.length) + 1;
    return found;
  };
  proto.slice = function (this: string, start?: number, end?: number) {
    const cut = slice.call(this, start, end);
    steps += cut.length + 1;
    return cut;
  };
  proto.toLowerCase = function (this: string) {
    steps += this.length + 1;
    return toLowerCase.call(this);
  };
  try {
    run();
  } finally {
    Object.assign(proto, { charCodeAt, indexOf, slice, toLowerCase });
  }
  return steps;
}
