/** A header value as a framework reports it (a string, several, or nothing) as one string. */
function fieldText(value: unknown): string {
  return Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '';
}

/** A header's value with `value` appended as one more element of its list (`current` as a framework reports it). */
export function appendField(current: unknown, value: string): string {
  const text = Array.isArray(current)
    ? current.join(', ')
    : typeof current === 'string' || typeof current === 'number'
      ? String(current)
      : '';
  return text === '' ? value : `${text}, ${value}`;
}

/** Whether a `Vary` value lists `*`: the response varies on more than request headers, and `*` is all it says. */
function listsAny(text: string): boolean {
  return text.includes('*') && text.split(',').some((member) => member.trim() === '*');
}

const noFields: readonly string[] = Object.freeze([]);

/**
 * The `Vary` value `current` (a header value, several, or nothing) with `fields` appended, each unless it is there
 * already (case-insensitively); where `*` is among them, or in `current`, the value is `*` alone. Every adapter
 * appends with it, on success and error alike. An empty result means no `Vary` at all: never send it as an empty
 * header.
 */
export function appendVary(current: unknown, fields: readonly string[]): string {
  let text = fieldText(current);
  if (listsAny(text)) return '*';
  for (const field of fields) {
    if (field === '*') return field;
    if (text.trim() === '') {
      text = field;
      continue;
    }
    if (text === field) continue;
    const present = text.split(',').map((entry) => entry.trim().toLowerCase());
    if (present.includes(field.toLowerCase())) continue;
    text = `${text}, ${field}`;
  }
  return text;
}

/** The `Vary` value `current` with the fields of the `Vary` value `more` appended (see {@link appendVary}). */
export function mergeVary(current: unknown, more: unknown): string {
  const text = fieldText(current);
  const added = fieldText(more);
  if (added === text || added.trim() === '') return appendVary(text, noFields);
  if (text.trim() === '') return appendVary(added, noFields);
  const fields = added
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');
  return appendVary(text, fields);
}

/**
 * `fields` as one `Vary` list: each header name once (case-insensitively, its first spelling kept), or `['*']` alone
 * when `*` is among them.
 */
export function varyList(fields: readonly string[]): readonly string[] {
  if (fields.includes('*')) return Object.freeze(['*']);
  const seen = new Set<string>();
  return Object.freeze(
    fields.filter((field) => {
      const name = field.toLowerCase();
      if (seen.has(name)) return false;
      seen.add(name);
      return true;
    }),
  );
}

/** Whether a `Content-Type` value (as a framework reports it) is plain JSON, which a vendor type may replace. */
export function isJsonType(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/json[\t ]*(?:;|$)/i.test(contentType);
}
