/** Most languages put in the header; browsers send a handful too. */
const maxLanguages = 10;

/**
 * The `Accept-Language` value for the browser's languages (`navigator.languages`, most wanted first), with falling
 * q-values as browsers send it: `['fr-CH', 'fr', 'en']` → `fr-CH, fr;q=0.9, en;q=0.8`. Entries that are not plain
 * language tags are left out, so the value stays a CORS-safelisted header (no preflight); `''` when none is left.
 */
export function acceptLanguageOf(languages: readonly string[]): string {
  const tags = [...new Set(languages.filter((tag) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)))];
  return tags
    .slice(0, maxLanguages)
    .map((tag, index) => (index === 0 ? tag : `${tag};q=${((maxLanguages - index) / 10).toFixed(1)}`))
    .join(', ');
}
