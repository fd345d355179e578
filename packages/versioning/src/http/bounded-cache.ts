/**
 * Remembers the results of a pure function of a string, such as a header value: at most `maxEntries` of them
 * (the oldest is forgotten first) and only for keys of at most `maxKeyLength` characters. Real traffic carries a
 * handful of distinct hosts and `Accept` values; a client sending endless new ones costs a bounded amount of
 * memory, and each of its requests no more than computing the result.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #compute: (key: string) => V;
  readonly #maxEntries: number;
  readonly #maxKeyLength: number;
  // The key asked for last and its value: consecutive requests mostly carry the same one, answered without the map.
  #lastKey: string | undefined;
  #lastValue: V | undefined;

  /** `compute` must not depend on anything but its key; when it throws, nothing is remembered. */
  constructor(compute: (key: string) => V, maxEntries = 256, maxKeyLength = 1024) {
    this.#compute = compute;
    this.#maxEntries = maxEntries;
    this.#maxKeyLength = maxKeyLength;
  }

  /** `compute(key)`, remembered (unless it is `undefined`). */
  get(key: string): V {
    if (key === this.#lastKey) return this.#lastValue as V;
    const known = this.#entries.get(key);
    if (known !== undefined) return this.#remember(key, known);
    const value = this.#compute(key);
    if (key.length <= this.#maxKeyLength) {
      if (this.#entries.size >= this.#maxEntries) {
        // A Map iterates in insertion order, so its first key is the oldest.
        const oldest = this.#entries.keys().next();
        if (oldest.done !== true) this.#entries.delete(oldest.value);
      }
      this.#entries.set(key, value);
      this.#remember(key, value);
    }
    return value;
  }

  #remember(key: string, value: V): V {
    this.#lastKey = key;
    this.#lastValue = value;
    return value;
  }
}
