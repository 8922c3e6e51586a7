import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { freezeAll } from '../../../src/client/lab/freezeAll';

describe('freezing the sandbox worker before a strategy runs', () => {
  it('leaves a strategy no global, built-in or prototype to keep things on', () => {
    // A realm of its own, as the worker is: freezing this one would freeze the test's. Its global
    // refuses to freeze (the worker's does not: tests/e2e/lab.test.ts), its built-ins do not.
    const realm = runInNewContext('globalThis') as object;
    const inRealm = (code: string) => () => runInNewContext(`'use strict'; ${code}`, realm);
    freezeAll(realm);
    expect(inRealm('Math.keep = []')).toThrow(/not extensible/);
    expect(inRealm('Math.max.keep = []')).toThrow(/not extensible/);
    expect(inRealm('Array.prototype.keep = []')).toThrow(/not extensible/);
    expect(inRealm('Object.getPrototypeOf(Uint8Array).keep = []')).toThrow(/not extensible/);
    // What a strategy makes for itself stays its own.
    expect(runInNewContext('const state = {}; state.n = 1; [1, 2].map((x) => x * 2).concat(state.n)', realm)).toEqual([
      2, 4, 1,
    ]);
  });
});
