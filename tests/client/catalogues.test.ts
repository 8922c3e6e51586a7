/**
 * The message catalogues (docs/hud.md "Languages"): every language has exactly English's keys, each
 * text keeps English's placeholders and markup, and the choice of language follows the stored pick,
 * then the browser's languages.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, LANGUAGES } from '../../src/client/i18n/languages';

const DIR = join(import.meta.dirname, '../../src/client/i18n');
type Catalogue = { [key: string]: string | Catalogue };

function load(language: string): Catalogue {
  return JSON.parse(readFileSync(join(DIR, `${language}.json`), 'utf8')) as Catalogue;
}

/** Every text by its dotted key. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') texts.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) texts.set(inner, text);
  }
  return texts;
}

/** What a translation must carry over: the {{placeholders}} and <tags> it uses, each once, sorted. */
function carried(text: string): string[] {
  const found = [...text.matchAll(/\{\{\s*[\w.]+\s*\}\}|<\/?\w+>/g)].map((match) => match[0].replace(/\s/g, ''));
  return [...new Set(found)].sort();
}

/** The differences of `language` from English, as readable lines (none when it matches). */
function differences(english: Map<string, string>, other: Map<string, string>): string[] {
  const found: string[] = [];
  for (const key of english.keys()) if (!other.has(key)) found.push(`missing ${key}`);
  for (const key of other.keys()) if (!english.has(key)) found.push(`extra ${key}`);
  for (const [key, text] of other) {
    const want = english.get(key);
    if (want === undefined) continue;
    if (text.trim() === '') found.push(`empty ${key}`);
    if (carried(text).join() !== carried(want).join())
      found.push(`${key} carries ${carried(text).join(' ')} instead of ${carried(want).join(' ')}`);
  }
  return found;
}

describe('message catalogues', () => {
  const english = flatten(load('en'));

  it('has a catalogue file for every language and no other', () => {
    const files = readdirSync(DIR).filter((name) => name.endsWith('.json'));
    expect(files.map((name) => name.replace(/\.json$/, '')).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const language of LANGUAGES.filter((language) => language !== 'en')) {
    it(`${language} has every English key, no other, with the same placeholders and markup`, () => {
      expect(differences(english, flatten(load(language)))).toEqual([]);
    });
  }

  it('names a missing key, an extra key and a changed placeholder', () => {
    const other = new Map(english);
    other.delete('panel.bet');
    other.set('panel.extra', 'x');
    other.set('panel.houseTarget', 'at most {{sum}}');
    expect(differences(english, other)).toEqual([
      'missing panel.bet',
      'extra panel.extra',
      'panel.houseTarget carries {{sum}} instead of {{rate}}',
    ]);
  });
});

describe('chooseLanguage', () => {
  it('takes the stored pick first, then the first browser language spoken here, by tag then by base', () => {
    expect(chooseLanguage('ru', ['es-ES'])).toBe('ru');
    expect(chooseLanguage(null, ['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(chooseLanguage(null, ['pt-PT'])).toBe('pt-BR');
    expect(chooseLanguage(null, ['pt-BR'])).toBe('pt-BR');
    expect(chooseLanguage('klingon', ['de', 'fr'])).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
  });
});
