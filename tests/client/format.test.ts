// @vitest-environment jsdom
/**
 * The one formatter of the page (src/client/hud/format.ts, docs/hud.md "Languages"): English keeps
 * the spec's coins and multipliers; Spanish, Portuguese and Russian write numbers their own way.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { shownRate } from '../../src/shared/growth';
import { decimalSign, formatCoins, formatOnline, formatPercent, formatRate } from '../../src/client/i18n/format';
import { showLanguage } from '../../src/client/i18n/i18n';
import type { Language } from '../../src/client/i18n/languages';

/** What each language writes for the same numbers (Russian groups with a no-break space). */
const WRITTEN: Record<Language, [coins: string, whole: string, rate: string, online: string, sign: string]> = {
  en: ['12.345,67', '200', 'x1.99', '1.6k', '.'],
  es: ['12.345,67', '200', 'x1,99', '1,6k', ','],
  'pt-BR': ['12.345,67', '200', 'x1,99', '1,6k', ','],
  ru: ['12\u00a0345,67', '200', 'x1,99', '1,6k', ','],
};

describe('the page’s numbers in each language', () => {
  afterAll(() => showLanguage('en'));

  for (const [language, [coins, whole, rate, online, sign]] of Object.entries(WRITTEN)) {
    it(`writes coins, multipliers and the online count in ${language}`, async () => {
      await showLanguage(language as Language);
      expect(document.documentElement.lang).toBe(language);
      expect([
        formatCoins(1_234_567),
        formatCoins(20_000),
        formatRate(1.999),
        formatOnline(1620),
        decimalSign(),
      ]).toEqual([coins, whole, rate, online, sign]);
      expect(formatPercent(0.95)).toBe(`95${sign}00 %`);
    });
  }
});

describe('the multiplier on the page', () => {
  it('is truncated by the rule the server shows it with, on and next to a hundredth', () => {
    showLanguage('en');
    for (const rate of [2.3499999995, 2.35, 1.13, 1.129999999, 1.01, 999.999, 0.95e9 / 840_707_965])
      expect([rate, formatRate(rate)]).toEqual([rate, `x${shownRate(rate).toFixed(2)}`]);
    expect(formatRate(2.3499999995)).toBe('x2.34');
    expect(formatRate(1.13)).toBe('x1.13');
  });
});
