import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { versioned } from '../../src/adapters/node/index.js';
import { NotFound } from '../../src/errors.js';
import { addTranslations } from '../../src/i18n/translations.js';
import { gettext, gettextLazy, supportedLanguages, withLanguage } from '../../src/i18n/lazy.js';
import * as i18nEntry from '../../src/i18n/index.js';
import * as publicApi from '../../src/index.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { fetchReply, listen, type Served } from '../adapters/support.js';
import { badTranslationsCases, languageKeyCases } from './translations.cases.js';

// The catalogs are process-wide, as gettext's are: each test adds msgids of its own.

describe('addTranslations', () => {
  test('is exported from @restdash/versioning/i18n, with gettext and supportedLanguages, no longer from the root', () => {
    expect([i18nEntry.addTranslations, i18nEntry.gettext, i18nEntry.supportedLanguages]).toEqual([
      addTranslations,
      gettext,
      supportedLanguages,
    ]);
    expect(Object.keys(publicApi)).not.toContain('addTranslations');
    expect(Object.keys(publicApi)).not.toContain('gettext');
    expect(Object.keys(publicApi)).not.toContain('supportedLanguages');
  });

  test('the root and the i18n entry share one translation state: what one activates, the other reads', () => {
    expect(publicApi.gettextLazy).toBe(i18nEntry.gettextLazy);
    expect(publicApi.withLanguage).toBe(i18nEntry.withLanguage);
    expect(publicApi.LazyString).toBe(i18nEntry.LazyString);
  });

  test('translates an application msgid in that language only, placeholders filled after translation', () => {
    addTranslations('fr', {
      'Invalid page.': 'Page non valide.',
      'Page %(page)s of %(pages)s.': 'Page %(page)s sur %(pages)s.',
    });
    const error = new NotFound(gettextLazy('Invalid page.'));
    expect(withLanguage('fr', () => error.message)).toBe('Page non valide.');
    expect(withLanguage('fr-CA', () => JSON.stringify(error))).toContain('"detail":"Page non valide."');
    expect(withLanguage('de', () => error.message)).toBe('Invalid page.');
    expect(error.message).toBe('Invalid page.');
    expect(withLanguage('fr', () => gettext('Page %(page)s of %(pages)s.', { page: 2, pages: 9 }))).toBe(
      'Page 2 sur 9.',
    );
    // The package's own messages are still there.
    expect(withLanguage('fr', () => new NotFound().message)).toBe('Pas trouvé.');
  });

  test('calls add up, and the latest translation of a msgid wins', () => {
    addTranslations('de', { 'Too early.': 'Zu früh.' });
    addTranslations('de', { 'Too late.': 'Zu spät!' });
    addTranslations('de', { 'Too late.': 'Zu spät.' });
    expect(withLanguage('de', () => [gettext('Too early.'), gettext('Too late.')])).toEqual([
      'Zu früh.',
      'Zu spät.',
    ]);
  });

  test("an application's translation wins over the package catalog's, and English wording can be changed", () => {
    addTranslations('fr', { 'Not found.': 'Introuvable.' });
    addTranslations('en', { 'A server error occurred.': 'Something went wrong on our side.' });
    expect(withLanguage('fr', () => new NotFound().message)).toBe('Introuvable.');
    expect(new publicApi.APIException().message).toBe('Something went wrong on our side.');
    expect(withLanguage('de', () => new publicApi.APIException().message)).toBe(
      'Ein Serverfehler ist aufgetreten.',
    );
    expect(supportedLanguages().filter((language) => language === 'en')).toEqual(['en']);
  });

  test.each(languageKeyCases)('"$given" adds to $served', ({ given, served }) => {
    const msgid = `Spelled ${given}.`;
    addTranslations(given, { [msgid]: `${msgid} (${served})` });
    expect(withLanguage(served, () => gettext(msgid))).toBe(`${msgid} (${served})`);
    expect(
      supportedLanguages().filter((language) => language.toLowerCase() === served.toLowerCase()),
    ).toEqual([served]);
  });

  test('a language no catalog has becomes supported: Accept-Language picks it for the messages it has', () => {
    expect(supportedLanguages()).not.toContain('it');
    addTranslations('it', { 'Invalid page.': 'Pagina non valida.' });
    expect(supportedLanguages()).toContain('it');
    expect(publicApi.languageFromAcceptLanguage('it-CH, en;q=0.5', supportedLanguages())).toBe('it');
    expect(withLanguage('it', () => gettext('Invalid page.'))).toBe('Pagina non valida.');
    // What it lacks is English.
    expect(withLanguage('it', () => new NotFound().message)).toBe('Not found.');
  });

  test('an empty object adds nothing, not even the language', () => {
    addTranslations('ko', {});
    expect(supportedLanguages()).not.toContain('ko');
  });

  test.each(badTranslationsCases)('$name: TypeError naming the value', ({ language, messages, error }) => {
    expect(() => addTranslations(language as string, messages as Record<string, string>)).toThrow(
      expect.objectContaining({
        name: 'TypeError',
        message: expect.stringMatching(/^addTranslations\(language, messages\): /),
      }),
    );
    expect(() => addTranslations(language as string, messages as Record<string, string>)).toThrow(error);
  });

  test('a call with one bad entry adds none of its entries', () => {
    expect(() => addTranslations('es', { 'All or nothing.': 'Todo o nada.', 'Broken.': '' })).toThrow(
      TypeError,
    );
    expect(withLanguage('es', () => gettext('All or nothing.'))).toBe('All or nothing.');
  });
});

describe('an application message answered by an adapter', () => {
  let served: Served;
  beforeAll(async () => {
    addTranslations('ja', { 'No such city.': 'その都市はありません。' });
    addTranslations('sv', { 'No such city.': 'Ingen sådan stad.' });
    const urlconf = new UrlConf([
      path(
        '/:version/cities/:pk/',
        () => {
          throw new NotFound(gettextLazy('No such city.'));
        },
        { name: 'city' },
      ),
    ]);
    served = await listen(
      createServer(versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1'] }) })),
    );
  });
  afterAll(() => served.close());

  test.each([
    { acceptLanguage: 'ja', language: 'ja', detail: 'その都市はありません。' },
    { acceptLanguage: 'sv-SE, en;q=0.1', language: 'sv', detail: 'Ingen sådan stad.' },
    { acceptLanguage: 'de', language: 'en', detail: 'No such city.' },
    { acceptLanguage: 'ko', language: 'en', detail: 'No such city.' },
  ])(
    'Accept-Language: $acceptLanguage → Content-Language $language',
    async ({ acceptLanguage, language, detail }) => {
      const reply = await fetchReply(`${served.origin}/v1/cities/7/`, {
        headers: { 'accept-language': acceptLanguage },
      });
      expect(reply.status).toBe(404);
      expect(reply.header('content-language')).toBe(language);
      expect(reply.header('vary')).toContain('Accept-Language');
      expect(JSON.parse(reply.body)).toMatchObject({ status: 404, code: 'not_found', detail });
    },
  );

  test('a language the application added answers English for package messages, and says so', async () => {
    const reply = await fetchReply(`${served.origin}/v9/cities/7/`, { headers: { 'accept-language': 'sv' } });
    expect(reply.status).toBe(404);
    expect(reply.header('content-language')).toBe('en');
    expect(JSON.parse(reply.body)).toMatchObject({ detail: 'Invalid version in URL path.' });
  });
});
