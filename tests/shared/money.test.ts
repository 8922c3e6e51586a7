import { describe, expect, it } from 'vitest';
import {
  coinsToHundredths,
  formatCoins,
  hundredthsToLamports,
  lamportsToHundredths,
  lamportsToSol,
  parseDecimal,
  sanitizeAmountInput,
  solToLamports,
  typedHundredths,
} from '../../src/shared/money';

describe('formatCoins', () => {
  it('divides by 100 with dots for thousands and a comma for decimals', () => {
    expect(formatCoins(123456)).toBe('1.234,56');
    expect(formatCoins(20000)).toBe('200');
    expect(formatCoins(0)).toBe('0');
    expect(formatCoins(5)).toBe('0,05');
    expect(formatCoins(123456789012n)).toBe('1.234.567.890,12');
    expect(formatCoins(-150)).toBe('-1,50');
  });
});

describe('decimal parsing', () => {
  it('reads dot or comma and cuts extra decimals', () => {
    expect(parseDecimal('12.345', 2)).toBe(1234n);
    expect(parseDecimal('0,5', 2)).toBe(50n);
    expect(parseDecimal('.5', 2)).toBe(50n);
    expect(parseDecimal('7', 2)).toBe(700n);
    expect(parseDecimal('7.', 2)).toBe(700n);
  });

  it('refuses what is not a plain decimal', () => {
    for (const bad of ['', '.', '-1', '1e3', 'abc', '1.2.3', 'NaN']) expect(parseDecimal(bad, 2)).toBeNull();
  });

  it('turns coins into hundredths exactly', () => {
    expect(coinsToHundredths(200)).toBe(20000);
    expect(coinsToHundredths(0.29)).toBe(29);
    expect(coinsToHundredths(1.005)).toBe(100);
    expect(coinsToHundredths(0.1999)).toBe(19);
    expect(coinsToHundredths(1e21)).toBe(1e23);
    expect(coinsToHundredths('10,5')).toBe(1050);
    expect(coinsToHundredths(Number.NaN)).toBeNull();
    expect(coinsToHundredths(-1)).toBeNull();
  });
});

describe('SOL and lamports', () => {
  it('converts SOL to lamports exactly', () => {
    expect(solToLamports(0.01)).toBe(10_000_000n);
    expect(solToLamports('1000')).toBe(1_000_000_000_000n);
    expect(solToLamports(0.3)).toBe(300_000_000n);
    expect(solToLamports('0.000000001')).toBe(1n);
    expect(solToLamports(5e-7)).toBe(500n);
    expect(solToLamports(0.0999999999)).toBe(99_999_999n);
    expect(solToLamports(1.5e-10)).toBe(0n);
    expect(lamportsToSol(2_500_000_000n)).toBe(2.5);
  });

  it('converts between lamports and coins at a rate, rounding down', () => {
    expect(lamportsToHundredths(20_000_000n, 10_000)).toBe(20_000n); // 0.02 SOL = 200 coins
    expect(hundredthsToLamports(20_000n, 10_000)).toBe(20_000_000n);
    expect(lamportsToHundredths(999n, 10_000)).toBe(0n);
    expect(hundredthsToLamports(1n, 3)).toBe(3_333_333n);
  });
});

describe('sanitizeAmountInput', () => {
  it('keeps at most two decimals, dot or comma', () => {
    expect(sanitizeAmountInput('12.345')).toBe('12.34');
    expect(sanitizeAmountInput('12,3')).toBe('12.3');
    expect(sanitizeAmountInput('1.2.3')).toBe('1.23');
    expect(sanitizeAmountInput('a1b0')).toBe('10');
    expect(sanitizeAmountInput('')).toBe('');
  });

  it('caps the second input kind above 999', () => {
    expect(sanitizeAmountInput('1500', 999)).toBe('999');
    expect(sanitizeAmountInput('999.5', 999)).toBe('999');
    expect(sanitizeAmountInput('998.99', 999)).toBe('998.99');
    expect(sanitizeAmountInput('1500')).toBe('1500');
  });
});

describe('typedHundredths', () => {
  it('reads coins a person typed as exact hundredths, and refuses a third decimal instead of cutting it', () => {
    expect(typedHundredths('12')).toBe(1200);
    expect(typedHundredths('0,01')).toBe(1);
    expect(typedHundredths('100.5')).toBe(10050);
    expect(typedHundredths('100.001')).toBe('decimals');
    expect(typedHundredths('-3')).toBeNull();
    expect(typedHundredths('-3', true)).toBe(-300);
    expect(typedHundredths('+0.5', true)).toBe(50);
    for (const text of ['', 'abc', '1e3', '.', '1.2.3']) expect(typedHundredths(text)).toBeNull();
  });
});
