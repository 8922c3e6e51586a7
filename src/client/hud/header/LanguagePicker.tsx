/** The language picker (docs/hud.md "Languages"): in the header beside the chips, and in the menu where phones have no chips. */

import { currentLanguage, pickLanguage, useT } from '../../i18n/i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages';

export function LanguagePicker() {
  const t = useT();
  return (
    <select
      className="hud-language"
      aria-label={t('header.language')}
      value={currentLanguage()}
      onChange={(event) => isLanguage(event.target.value) && void pickLanguage(event.target.value)}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
