import { describe, expect, it } from 'vitest';
import { depositLamports, faucetLamports, withdrawalAmount } from '../../src/server/payments/amounts';

describe('payment amounts', () => {
  it('takes deposits of 0.01 to 1000 SOL with two decimals, from numbers or text', () => {
    expect(depositLamports(0.01)).toBe(10_000_000n);
    expect(depositLamports('1000')).toBe(1_000_000_000_000n);
    expect(depositLamports(0.29)).toBe(290_000_000n);
    expect(() => depositLamports(0.009)).toThrow('Minimum amount is 0.01 SOL');
    expect(() => depositLamports(0.015)).toThrow('Use at most two decimals');
    expect(() => depositLamports('abc')).toThrow('Enter an amount in SOL');
  });

  it('pays out exactly the lamports of the coins it holds', () => {
    expect(withdrawalAmount(0.025, 10_000)).toEqual({ hundredths: 25_000n, lamports: 25_000_000n });
    expect(withdrawalAmount(0.0333333, 10_000)).toEqual({ hundredths: 33_333n, lamports: 33_333_000n });
  });

  it('states the withdrawal minimum in coins at the configured rate', () => {
    expect(() => withdrawalAmount(0.0199, 10_000)).toThrow('Minimum withdrawal is 200 coins');
    expect(() => withdrawalAmount(0.0199, 1_000)).toThrow('Minimum withdrawal is 20 coins');
    expect(withdrawalAmount(0.02, 1_000).hundredths).toBe(2_000n);
  });

  it('refuses a withdrawal larger than any balance before it can overflow', () => {
    expect(() => withdrawalAmount(1e15, 10_000)).toThrow('Not enough funds');
    expect(() => withdrawalAmount(1e8, 1e9)).toThrow('Not enough funds');
    expect(withdrawalAmount(1e6, 10_000).hundredths).toBe(1_000_000_000_000n);
  });

  it('bounds the faucet to 10 SOL a call', () => {
    expect(faucetLamports(10)).toBe(10_000_000_000n);
    expect(() => faucetLamports(10.01)).toThrow('at most 10 SOL');
    expect(() => faucetLamports(0)).toThrow('Enter an amount in SOL');
  });
});
