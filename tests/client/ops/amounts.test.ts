import { describe, expect, it } from 'vitest';
import { decodeMaintenance } from '../../../src/client/net/maintenance';
import { signedCoins } from '../../../src/client/ops/format';

describe('the credit or debit amount an operator types', () => {
  it('reads whole coins with a sign, as the adjust route takes them', () => {
    expect(signedCoins('25')).toBe(25);
    expect(signedCoins('+3')).toBe(3);
    expect(signedCoins(' -12 ')).toBe(-12);
  });

  it('refuses zero, fractions and what is not an amount', () => {
    for (const text of ['', '0', '-0', '--1', 'abc', '1e3', '12.5', '0,5']) expect(signedCoins(text)).toBeNull();
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
