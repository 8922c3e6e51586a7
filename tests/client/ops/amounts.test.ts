import { describe, expect, it } from 'vitest';
import { decodeMaintenance } from '../../../src/client/net/maintenance';
import { signedHundredths } from '../../../src/client/ops/format';

describe('the credit or debit amount an operator types', () => {
  it('reads coins with a sign and up to two decimals, as the hundredths the adjust route takes', () => {
    expect(signedHundredths('25')).toBe(2500);
    expect(signedHundredths('+3')).toBe(300);
    expect(signedHundredths(' -12 ')).toBe(-1200);
    expect(signedHundredths('12.5')).toBe(1250);
    expect(signedHundredths('-0,05')).toBe(-5);
    expect(signedHundredths('1000000000000')).toBe(1e14);
  });

  it('refuses zero, a third decimal, more than the route takes and what is not an amount', () => {
    for (const text of ['', '0', '-0', '0.00', '--1', 'abc', '1e3', '12.505', '-', '.', '1000000000000.01'])
      expect(signedHundredths(text)).toBeNull();
  });
});

describe('the maintenance notice on the player page', () => {
  it('is the reason while paused and null when running', () => {
    expect(decodeMaintenance('{"paused":true,"reason":"Database upgrade"}')).toBe('Database upgrade');
    expect(decodeMaintenance('{"paused":false}')).toBeNull();
  });

  it('drops anything else', () => {
    for (const body of ['', 'null', '{"paused":true}', '{"reason":"x"}', '[]'])
      expect(decodeMaintenance(body)).toBeUndefined();
  });
});
