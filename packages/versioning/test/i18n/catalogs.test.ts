import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { DisallowedHost, NotFound } from '../../src/errors.js';
import { catalogs } from '../../src/i18n/catalogs/index.js';
import { gettext, supportedLanguages, withLanguage } from '../../src/i18n/lazy.js';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const sourceFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.startsWith(join('i18n', 'catalogs')))
  .map((file) => readFileSync(join(src, file), 'utf8'));

/** Every msgid marked in the sources: the string literal passed to gettext() or gettextLazy(). */
const msgids = new Set(
  sourceFiles.flatMap((text) =>
    [...text.matchAll(/\bgettext(?:Lazy)?\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g)].map((match) =>
      (match[2] ?? '').replace(/\\(.)/g, '$1'),
    ),
  ),
);
const languages = Object.keys(catalogs);
const placeholders = (text: string) => [...text.matchAll(/%\((\w+)\)s/g)].map((match) => match[1]).sort();

describe('catalogs', () => {
  test('the scan finds the messages this package is known to show', () => {
    expect([...msgids]).toEqual(
      expect.arrayContaining([
        'A server error occurred.',
        'Not found.',
        'Could not satisfy the request Accept header.',
        "Invalid HTTP_HOST header: '%(host)s'.",
        'Invalid version in "Accept" header.',
        'Invalid version in URL path.',
        'Invalid version in URL path. Does not match any version namespace.',
        'Invalid version in hostname.',
        'Invalid version in query parameter.',
      ]),
    );
  });

  test('at least de, es, fr, ja, pt-BR and zh-Hans', () => {
    expect(languages).toEqual(expect.arrayContaining(['de', 'es', 'fr', 'ja', 'pt-BR', 'zh-Hans']));
    expect(supportedLanguages()).toEqual(['en', ...languages]);
  });

  describe.each(languages)('%s', (language) => {
    const catalog = catalogs[language] ?? {};

    test('translates every msgid of the sources, and nothing else', () => {
      expect(Object.keys(catalog).sort()).toEqual([...msgids].sort());
    });

    test.each([...msgids])('"%s": translated, its placeholders kept, served by gettext()', (msgid) => {
      const translation = catalog[msgid] ?? '';
      expect(translation).not.toBe('');
      expect(translation).not.toBe(msgid);
      expect(placeholders(translation)).toEqual(placeholders(msgid));
      expect(withLanguage(language, () => gettext(msgid, { host: 'h' }))).toBe(
        translation.replace('%(host)s', 'h'),
      );
    });
  });

  test('errors read their detail in the language active at that moment', () => {
    const error = new DisallowedHost('evil.com');
    expect(withLanguage('ja', () => error.message)).toBe("HTTP_HOSTヘッダ 'evil.com' が不正です。");
    expect(withLanguage('pt-BR', () => JSON.stringify(error))).toContain(
      "Cabeçalho HTTP_HOST inválido: 'evil.com'.",
    );
    expect(error.message).toBe("Invalid HTTP_HOST header: 'evil.com'.");
    expect(withLanguage('zh-CN', () => String(new NotFound().detail))).toBe('未找到。');
  });

  test('an unknown language and an unknown msgid fall back to English', () => {
    expect(withLanguage('ko', () => String(new NotFound().detail))).toBe('Not found.');
    expect(withLanguage('de', () => gettext('Not a known message.'))).toBe('Not a known message.');
  });
});
