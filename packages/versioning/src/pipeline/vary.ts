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

/**
 * The `Vary` value `current` (a header value, several, or nothing) with `fields` appended, each unless it is there
 * already (case-insensitively) or the value is `*`; appending `*` makes it `*`. Every adapter appends with it, on
 * success and error alike. An empty result means no `Vary` at all: never send it as an empty header.
 */
export function appendVary(current: unknown, fields: readonly string[]): string {
  let text = fieldText(current);
  for (const field of fields) {
    if (field === '*') return field;
    if (text.trim() === '') {
      text = field;
      continue;
    }
    if (text === field) continue;
    const present = text.split(',').map((entry) => entry.trim().toLowerCase());
    if (present.includes('*') || present.includes(field.toLowerCase())) continue;
    text = `${text}, ${field}`;
  }
  return text;
}

/** The `Vary` value `current` with the fields of the `Vary` value `more` appended (see {@link appendVary}). */
export function mergeVary(current: unknown, more: unknown): string {
  const text = fieldText(current);
  const added = fieldText(more);
  if (added === text || added.trim() === '') return text;
  if (text.trim() === '') return added;
  const fields = added
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');
  return appendVary(text, fields);
}

/** Whether a `Content-Type` value (as a framework reports it) is plain JSON, which a vendor type may replace. */
export function isJsonType(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/json[\t ]*(?:;|$)/i.test(contentType);
}
