/**
 * Migrates (and, for a response, filters) one value: a new value, its input untouched. `context` goes to the
 * migration functions; `key` is the value's property name or array index (`''` at the top), which its `toJSON(key)`
 * is called with (an index as a string), as `JSON.stringify` calls it.
 */
export type Walk = (value: unknown, context: unknown, key?: string | number) => unknown;

/**
 * What happens to a value of a named schema: a new value (the input untouched). Its objects' operations leave any
 * other value as it is; an enum's operations map the value itself.
 */
export type Transform = (value: unknown, context: unknown) => unknown;
