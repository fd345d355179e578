import { de } from './de.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ja } from './ja.js';
import { ptBR } from './pt-BR.js';
import { zhHans } from './zh-Hans.js';

/**
 * Translations of every message this package shows a client, keyed by language tag, then by English msgid.
 * English is the msgids themselves. Placeholders `%(name)s` stay as they are.
 */
export const catalogs: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({
  de,
  es,
  fr,
  ja,
  'pt-BR': ptBR,
  'zh-Hans': zhHans,
});
