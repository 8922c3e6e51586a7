/** The languages the page speaks and how the first one is chosen (docs/hud.md "Languages"). */

/** English first: the default, the prerendered shell's, and the fallback of every other. */
export const LANGUAGES = ['en', 'es', 'pt-BR', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name as its speakers write it, for the picker (short: it sits in the header beside the chips). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português',
  ru: 'Русский',
};

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The player's stored choice, else the first of the browser's languages we speak, matched on its
 * exact tag and then on its base ('es-MX' is Spanish, any 'pt' is Brazilian Portuguese), else English.
 */
export function chooseLanguage(stored: string | null, browser: readonly string[]): Language {
  if (stored !== null && isLanguage(stored)) return stored;
  for (const tag of browser) {
    if (isLanguage(tag)) return tag;
    const base = tag.split('-')[0]!.toLowerCase();
    const match = LANGUAGES.find((language) => language.split('-')[0] === base);
    if (match) return match;
  }
  return 'en';
}
