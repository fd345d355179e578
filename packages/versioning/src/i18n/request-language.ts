import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * The language of the request being answered, kept for everything it awaits (AsyncLocalStorage). A browser bundle
 * gets request-language.browser.ts in its place (the `browser` condition of `#request-language` in package.json's `imports`): no request is answered there.
 */
const storage = new AsyncLocalStorage<string>();

/** The language `runInLanguage()` made active for the code running now, `undefined` outside it. */
export function requestLanguage(): string | undefined {
  return storage.getStore();
}

/** Runs `fn` with `language` active for it and everything it awaits. */
export function runInLanguage<T>(language: string, fn: () => T): T {
  return storage.run(language, fn);
}
