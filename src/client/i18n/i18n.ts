/**
 * The page's words (docs/hud.md "Languages"): i18next with English bundled and ready at import, so
 * the prerendered shell and an English page render at once; another language's catalogue is its
 * own chunk, loaded before the first render (boot.tsx) or when the player picks it.
 */

import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readStored, writeStored } from '../state/storage';
import en from './en.json';
import { chooseLanguage, type Language } from './languages';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/** Where the picker's choice is kept; without one the browser's languages decide on every visit. */
const STORAGE_KEY = 'language';

const CATALOGUES: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  es: () => import('./es.json'),
  'pt-BR': () => import('./pt-BR.json'),
  ru: () => import('./ru.json'),
};

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  // The other catalogues are added as they load.
  partialBundledLanguages: true,
  // English is here already: init synchronously, so the shell's server render has its texts.
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // One namespace, which no key names: i18next then skips its check of every key for one (a
  // regular expression a call, the most of its time in the first render).
  nsSeparator: false,
});

/**
 * Translates in a React component and renders it again when the language changes. Components take
 * it from here, not from react-i18next, so whatever renders them has the catalogue set up.
 */
export function useT() {
  return useTranslation().t;
}

/** Translates outside React (network, stage, wallet flows): the current language at call time. */
export const t = i18next.t.bind(i18next);

/** Whether the catalogue has `key` (a text named by the server, such as a refusal's code). */
export const hasText = (key: string): boolean => i18next.exists(key);

/** Calls `listener` after each switch of language (for texts drawn outside React: the stage's); returns the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  i18next.on('languageChanged', listener);
  return () => i18next.off('languageChanged', listener);
}

/** The language the page speaks now. */
export function currentLanguage(): Language {
  return i18next.language as Language;
}

/** Loads `language`'s catalogue when missing, then switches the page (and `<html lang>`) to it. */
export async function showLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation'))
    i18next.addResourceBundle(language, 'translation', (await CATALOGUES[language]()).default);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The language of this visit: the remembered choice, else the browser's. */
export function languageOfVisit(): Language {
  return chooseLanguage(readStored(STORAGE_KEY), navigator.languages ?? [navigator.language]);
}

/** The picker: switch and remember. */
export async function pickLanguage(language: Language): Promise<void> {
  await showLanguage(language);
  writeStored(STORAGE_KEY, language);
}
