/**
 * The page's number format (`13,524`, `13.524`): the browser's languages, the ones the page sends as
 * `Accept-Language`, most wanted first, then English. Tags `Intl` does not accept are left out instead of throwing.
 */
export function pageNumberFormat(languages: readonly string[]): Intl.NumberFormat {
  const valid = languages.filter((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  });
  return new Intl.NumberFormat([...valid, 'en'], { maximumFractionDigits: 0 });
}
