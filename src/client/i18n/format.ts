/**
 * How the page writes numbers and times (docs/spec.md, "Decisions on the spec's open points"; docs/hud.md
 * "Languages"): in the page's language through Intl, except that English keeps the spec's coins
 * (`1.234,56`) and multipliers (`x1.23`). Every number the page shows (the HUD, the chat, the wallet, the console) goes through here.
 */

import { RATE_GREEN_ABOVE, RATE_YELLOW_ABOVE } from '../../shared/constants';
import { shownRate } from '../../shared/growth';
import { formatCoins as specCoins } from '../../shared/money';
import { currentLanguage } from './i18n';

/** One Intl formatter per language and shape, made on first use. */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(decimals: number, grouping: boolean): Intl.NumberFormat {
  const language = currentLanguage();
  const key = `${language}|${decimals}|${grouping}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
    });
    formatters.set(key, format);
  }
  return format;
}

/** Hundredths of coins as players read them: `1.234,56` and `200` in English, `1 234,56` in Russian. */
export function formatCoins(hundredths: number | bigint): string {
  if (currentLanguage() === 'en') return specCoins(hundredths);
  const value = Number(hundredths) / 100;
  return numberFormat(Number(hundredths) % 100 === 0 ? 0 : 2, true).format(value);
}

/** The multiplier as players read it: `x1.23` (truncated as the server shows it, growth.ts's shownRate; `x1,23` where the comma is the decimal sign). */
export function formatRate(rate: number): string {
  const truncated = shownRate(rate);
  return `x${currentLanguage() === 'en' ? truncated.toFixed(2) : numberFormat(2, false).format(truncated)}`;
}

/** A share as a percentage with two decimals: 0.9512 -> `95.12 %` (`95,12 %` where the comma is the decimal sign). */
export function formatPercent(share: number): string {
  return `${numberFormat(2, false).format(share * 100)} %`;
}

/** The language's decimal sign, for texts built on every frame (the stage's readout) without an Intl call each time. */
export function decimalSign(): string {
  const language = currentLanguage();
  // English writes the spec's point, as formatRate does, without making the page's first Intl
  // formatter (whose locale data costs a slow phone tens of milliseconds at boot).
  if (language === 'en') return '.';
  let sign = decimalSigns.get(language);
  if (sign === undefined) {
    sign = numberFormat(1, false).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    decimalSigns.set(language, sign);
  }
  return sign;
}
const decimalSigns = new Map<string, string>();

/** Chip colour of a multiplier: gray up to 2.00, green up to 10.00, yellow above. */
export function rateColor(rate: number): 'gray' | 'green' | 'yellow' {
  if (rate > RATE_YELLOW_ABOVE) return 'yellow';
  return rate > RATE_GREEN_ABOVE ? 'green' : 'gray';
}

/** The online count: as it is below 1000, then one decimal and k (1620 -> 1.6k; 1,6k where the comma is the decimal sign). */
export function formatOnline(count: number): string {
  return count < 1000 ? String(count) : `${numberFormat(1, false).format(Math.floor(count / 100) / 10)}k`;
}

/** A bet's or round's time as hours and minutes on this device's clock. */
export function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(currentLanguage(), { hour: '2-digit', minute: '2-digit' });
}

/** A moment with its date, e.g. when a raised limit applies. */
export function formatDateTime(ms: number): string {
  return new Date(ms).toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** SOL as players read it: up to 9 decimals, no trailing zeros (`1.5`, `1,5` where the comma is the decimal sign). */
export function formatSol(sol: number): string {
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 9 }).format(sol);
}

/** An instant the server states in UTC (a limit's reset, an exclusion's end): `2026-11-29 00:00 UTC` in English, the language's own date and time elsewhere. */
export function formatUtc(ms: number): string {
  const language = currentLanguage();
  if (language === 'en') return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `${new Date(ms).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}
