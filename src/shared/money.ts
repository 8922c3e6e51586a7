/**
 * Money (docs/architecture.md "Game rules"): coins are integer hundredths, SOL is integer lamports (bigint).
 * Floats only ever hold a number to show, never a balance.
 */

import { AMOUNT_DECIMALS, HUNDREDTHS_PER_COIN, LAMPORTS_PER_SOL } from './constants';

const SOL_DECIMALS = 9;

/** Hundredths to the text players read: `123456` -> `1.234,56`, `20000` -> `200` (docs/spec.md, "Decisions on the spec's open points"). */
export function formatCoins(hundredths: number | bigint): string {
  const value = BigInt(hundredths);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const cents = abs % 100n;
  return sign + whole + (cents === 0n ? '' : ',' + cents.toString().padStart(2, '0'));
}

/**
 * A decimal text ("12.5", "0,01") as an integer of `decimals` places, exactly; digits past
 * `decimals` are cut. Null when the text is not a plain non-negative decimal.
 */
export function parseDecimal(text: string, decimals: number): bigint | null {
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && !match[2])) return null;
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  return BigInt((match[1] || '0') + fraction);
}

/**
 * Coins a person typed ("12", "12.5", "0,01"; with `signed`, "-3" and "+3" too) as exact hundredths:
 * 'decimals' when the text has more than two decimals (never cut), null when it is not an amount.
 */
export function typedHundredths(text: string, signed = false): number | 'decimals' | null {
  const match = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match || (match[2] === '' && !match[3]) || (match[1] !== '' && !signed)) return null;
  if ((match[3] ?? '').length > AMOUNT_DECIMALS) return 'decimals';
  const value = Number(parseDecimal(`${match[2]}.${match[3] ?? ''}`, AMOUNT_DECIMALS));
  return match[1] === '-' && value !== 0 ? -value : value;
}

/** Coins typed or computed (200, "200.5") to hundredths; null when it is not an amount. */
export function coinsToHundredths(coins: number | string): number | null {
  const text = typeof coins === 'number' ? numberText(coins) : coins;
  const value = text === null ? null : parseDecimal(text, AMOUNT_DECIMALS);
  return value === null ? null : Number(value);
}

/** SOL (0.01, "0.01") to lamports, exactly for up to 9 decimals. */
export function solToLamports(sol: number | string): bigint | null {
  const text = typeof sol === 'number' ? numberText(sol) : sol;
  return text === null ? null : parseDecimal(text, SOL_DECIMALS);
}

/** Lamports to SOL for display and for JSON bodies that carry SOL. */
export function lamportsToSol(lamports: bigint): number {
  return Number(lamports) / Number(LAMPORTS_PER_SOL);
}

/** Coins owed for a number of lamports at `coinsPerSol`, rounded down. */
export function lamportsToHundredths(lamports: bigint, coinsPerSol: number): bigint {
  return (lamports * BigInt(coinsPerSol) * BigInt(HUNDREDTHS_PER_COIN)) / LAMPORTS_PER_SOL;
}

/** Lamports paid out for hundredths of coins at `coinsPerSol`, rounded down. */
export function hundredthsToLamports(hundredths: bigint, coinsPerSol: number): bigint {
  return (hundredths * LAMPORTS_PER_SOL) / (BigInt(coinsPerSol) * BigInt(HUNDREDTHS_PER_COIN));
}

/**
 * The amount input rule of docs/spec.md §5: digits and one separator (dot or comma, kept as a dot),
 * at most two decimals (extra ones cut); with `cap`, values above it become the cap.
 */
export function sanitizeAmountInput(raw: string, cap?: number): string {
  const cleaned = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const text =
    dot < 0
      ? cleaned
      : cleaned.slice(0, dot) +
        '.' +
        cleaned
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, AMOUNT_DECIMALS);
  if (cap !== undefined && Number(text) > cap) return String(cap);
  return text;
}

/**
 * A finite non-negative number as plain decimal text, or null. The shortest text that reads back
 * as the number ("0.29", not 0.28999…), exponents written out, so cutting its decimals never
 * rounds an amount up.
 */
function numberText(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const text = String(value);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const mantissa = text.slice(0, e);
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const point = (dot < 0 ? mantissa.length : dot) + Number(text.slice(e + 1));
  if (point <= 0) return '0.' + '0'.repeat(-point) + digits;
  return digits.padEnd(point, '0').slice(0, point) + '.' + digits.slice(point);
}
