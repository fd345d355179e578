// The demo's own messages go through @restdash/versioning's translation machinery (addTranslations).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withLanguage } from '@restdash/versioning';
import { gettext, supportedLanguages } from '@restdash/versioning/i18n';
import { describe, expect, test } from 'vitest';
import * as messages from '../src/server/messages.js';

const { demoTranslations, ...msgids } = messages;
const serverDir = fileURLToPath(new URL('../src/server/', import.meta.url));
const sources = readdirSync(serverDir)
  .filter((file) => file.endsWith('.ts') && file !== 'messages.ts')
  .map((file) => readFileSync(join(serverDir, file), 'utf8'))
  .join('\n');
// Every language the library serves (its catalogs, plus what the demo added).
const libraryLanguages = supportedLanguages().filter((language) => language !== 'en');

describe('the demo messages', () => {
  test('cover every language of the library, and only those', () => {
    expect(Object.keys(demoTranslations).sort()).toEqual([...libraryLanguages].sort());
    // A language only the demo had would answer the library's own messages in English.
    for (const language of libraryLanguages) {
      expect(withLanguage(language, () => gettext('Not found.'))).not.toBe('Not found.');
    }
  });

  test.each(libraryLanguages)('%s translates each of them, through gettext', (language) => {
    for (const msgid of Object.values(msgids)) {
      const translation = demoTranslations[language]?.[msgid];
      expect(translation, msgid).toMatch(/\S/);
      expect(translation).not.toBe(msgid);
      expect(withLanguage(language, () => gettext(msgid))).toBe(translation);
    }
  });

  test('the server marks its messages with gettextLazy and these names, never a literal', () => {
    const marked = [...sources.matchAll(/\bgettextLazy\(\s*([^,)]+)/g)].map((match) => match[1]?.trim());
    expect(new Set(marked)).toEqual(new Set(Object.keys(msgids)));
    expect(sources).not.toMatch(/\bgettextLazy\(\s*['"`]/);
  });
});
