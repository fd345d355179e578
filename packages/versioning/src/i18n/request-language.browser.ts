/*
 * The browser's stand-in for request-language.ts, which keeps a language per request with Node's AsyncLocalStorage:
 * a page answers no requests, so `withLanguage()` holds its language while `fn` runs (not across what it awaits).
 */
const active: string[] = [];

/** The language `runInLanguage()` made active for the code running now, `undefined` outside it. */
export function requestLanguage(): string | undefined {
  return active.at(-1);
}

/** Runs `fn` with `language` active while it runs. */
export function runInLanguage<T>(language: string, fn: () => T): T {
  active.push(language);
  try {
    return fn();
  } finally {
    active.pop();
  }
}
