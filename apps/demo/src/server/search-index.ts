const noPositions = new Int32Array(0);

/**
 * A substring index over a fixed list of names (already folded by the caller): for every character and every pair
 * of adjacent characters (UTF-16 code units) a name holds, the positions of the names holding it, ascending. All
 * the lists live in one `Int32Array`. A search reads one list (a needle of one or two characters) or checks the
 * names of the shortest list of its pairs, so it never scans every name.
 * @example new NameSearchIndex(['paris', 'parma', 'rome']).find('par') // [0, 1]
 */
export class NameSearchIndex {
  readonly #names: readonly string[];
  /** The number of each gram (one or two characters): its list is `#positions[#starts[n] … #starts[n + 1]]`. */
  readonly #grams = new Map<string, number>();
  readonly #starts: Int32Array;
  readonly #positions: Int32Array;

  constructor(names: readonly string[]) {
    this.#names = names;
    const counts: number[] = [];
    const last: number[] = [];
    // First pass: number the grams and count the names holding each (a name counts once per gram).
    this.#eachGram((gram, position) => {
      let number = this.#grams.get(gram);
      if (number === undefined) {
        number = counts.length;
        this.#grams.set(gram, number);
        counts.push(0);
        last.push(-1);
      }
      if (last[number] !== position) {
        last[number] = position;
        counts[number] = (counts[number] ?? 0) + 1;
      }
    });
    this.#starts = new Int32Array(counts.length + 1);
    for (let number = 0; number < counts.length; number++) {
      this.#starts[number + 1] = (this.#starts[number] ?? 0) + (counts[number] ?? 0);
    }
    this.#positions = new Int32Array(this.#starts[counts.length] ?? 0);
    // Second pass: fill each list in position order, so that it is ascending.
    const next = this.#starts.slice(0, counts.length);
    last.fill(-1);
    this.#eachGram((gram, position) => {
      const number = this.#grams.get(gram) ?? 0;
      if (last[number] === position) return;
      last[number] = position;
      const slot = next[number] ?? 0;
      this.#positions[slot] = position;
      next[number] = slot + 1;
    });
  }

  /** The positions of the names that contain `needle` (not empty), ascending. */
  find(needle: string): ArrayLike<number> {
    if (needle.length === 1) return this.#list(needle);
    // Every pair of adjacent characters of the needle is in each name that contains it: the rarest pair's list
    // holds every answer.
    let candidates: Int32Array | null = null;
    for (let at = 0; at + 1 < needle.length; at++) {
      const list = this.#list(needle.slice(at, at + 2));
      if (candidates === null || list.length < candidates.length) candidates = list;
      if (list.length === 0) break;
    }
    if (candidates === null || needle.length === 2 || candidates.length === 0)
      return candidates ?? noPositions;
    const found: number[] = [];
    for (const position of candidates) {
      if (this.#names[position]?.includes(needle) === true) found.push(position);
    }
    return found;
  }

  #list(gram: string): Int32Array {
    const number = this.#grams.get(gram);
    if (number === undefined) return noPositions;
    return this.#positions.subarray(this.#starts[number], this.#starts[number + 1]);
  }

  /** Calls `visit` with every character and every pair of adjacent characters of every name, name by name. */
  #eachGram(visit: (gram: string, position: number) => void): void {
    this.#names.forEach((name, position) => {
      for (let at = 0; at < name.length; at++) {
        visit(name.charAt(at), position);
        if (at + 1 < name.length) visit(name.slice(at, at + 2), position);
      }
    });
  }
}
