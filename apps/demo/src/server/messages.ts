// The demo's own messages and their translations, added to @restdash/versioning's catalogs (as a Django
// app ships its gettext catalog). The API's problem responses are then translated after Accept-Language
// by the adapter, like the library's own messages, and carry Content-Language.
import { addTranslations } from '@restdash/versioning/i18n';

/** `Invalid page.`: DRF's message for a page that does not exist (its translations are DRF's too). */
export const invalidPage = 'Invalid page.';
/** A `page_size` outside 1…max, or not a whole number. */
export const invalidPageSize = 'Invalid page_size %(value)s: expected a whole number from 1 to %(max)s.';
/** An `ordering` that is not one of the choices. */
export const invalidOrdering = 'Invalid ordering %(value)s: expected one of %(choices)s.';
/** A `search` that is too long. */
export const invalidSearch = 'Invalid search %(value)s: longer than %(max)s characters.';

/** The translations of the demo's messages, in every language of the library's catalogs. */
export const demoTranslations: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  de: {
    [invalidPage]: 'Ungültige Seite.',
    [invalidPageSize]: 'Ungültige page_size %(value)s: erwartet wird eine ganze Zahl von 1 bis %(max)s.',
    [invalidOrdering]: 'Ungültiges ordering %(value)s: erwartet wird einer der Werte %(choices)s.',
    [invalidSearch]: 'Ungültige search %(value)s: länger als %(max)s Zeichen.',
  },
  es: {
    [invalidPage]: 'Página inválida.',
    [invalidPageSize]: 'page_size %(value)s no válido: se espera un número entero de 1 a %(max)s.',
    [invalidOrdering]: 'ordering %(value)s no válido: se espera uno de %(choices)s.',
    [invalidSearch]: 'search %(value)s no válido: más de %(max)s caracteres.',
  },
  fr: {
    [invalidPage]: 'Page non valide.',
    [invalidPageSize]: 'page_size %(value)s non valide : un nombre entier de 1 à %(max)s est attendu.',
    [invalidOrdering]: 'ordering %(value)s non valide : une des valeurs %(choices)s est attendue.',
    [invalidSearch]: 'search %(value)s non valide : plus de %(max)s caractères.',
  },
  ja: {
    [invalidPage]: '不正なページです。',
    [invalidPageSize]: 'page_size %(value)s は不正です: 1 から %(max)s までの整数を指定してください。',
    [invalidOrdering]: 'ordering %(value)s は不正です: %(choices)s のいずれかを指定してください。',
    [invalidSearch]: 'search %(value)s は不正です: %(max)s 文字を超えています。',
  },
  'pt-BR': {
    [invalidPage]: 'Página inválida.',
    [invalidPageSize]: 'page_size %(value)s inválido: esperado um número inteiro de 1 a %(max)s.',
    [invalidOrdering]: 'ordering %(value)s inválido: esperado um de %(choices)s.',
    [invalidSearch]: 'search %(value)s inválido: mais de %(max)s caracteres.',
  },
  'zh-Hans': {
    [invalidPage]: '无效页面。',
    [invalidPageSize]: '无效的 page_size %(value)s：应为 1 到 %(max)s 之间的整数。',
    [invalidOrdering]: '无效的 ordering %(value)s：应为 %(choices)s 之一。',
    [invalidSearch]: '无效的 search %(value)s：超过 %(max)s 个字符。',
  },
};

// Once per process, when the first module using the messages is loaded, as gettext loads its catalogs.
for (const [language, messages] of Object.entries(demoTranslations)) addTranslations(language, messages);
