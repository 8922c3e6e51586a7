import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the migrations (drizzle/)', () => {
  it('change tables only: no SQL function is created there, its one source is src/server/betting/', () => {
    const creating = readdirSync('drizzle')
      .filter((name) => name.endsWith('.sql'))
      .filter((name) => /CREATE\s+(OR\s+REPLACE\s+)?FUNCTION/i.test(readFileSync(`drizzle/${name}`, 'utf8')));
    expect(creating).toEqual([]);
    expect(readdirSync('src/server/betting').filter((name) => name.endsWith('.sql')).length).toBeGreaterThan(10);
  });
});
