// How the page writes numbers and dates: after the browser's languages, the ones it sends as `Accept-Language`.

/** The tags of `languages` that `Intl` accepts, most wanted first, then English. */
function readerLocales(languages: readonly string[]): string[] {
  const valid = languages.filter((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  });
  return [...valid, 'en'];
}

/**
 * The page's number format (`13,524`, `13.524`): the browser's languages, most wanted first, then English. Tags
 * `Intl` does not accept are left out instead of throwing.
 */
export function pageNumberFormat(languages: readonly string[]): Intl.NumberFormat {
  return new Intl.NumberFormat(readerLocales(languages), { maximumFractionDigits: 0 });
}

/** The page's date format (`July 1, 2027`, `1. Juli 2027`), in UTC: the dates it shows are days, not instants. */
export function pageDateFormat(languages: readonly string[]): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(readerLocales(languages), { dateStyle: 'long', timeZone: 'UTC' });
}
