import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes } from '../../src/shared/wire/routes';
import { wireSchemas, withWireSchemas } from '../../scripts/wireDoc';

describe('docs/wire.md', () => {
  it('holds the shapes the schemas of src/shared/wire give (npm run docs:wire rewrites them)', () => {
    const page = readFileSync('docs/wire.md', 'utf8');
    expect(withWireSchemas(page) === page, 'docs/wire.md is stale: run npm run docs:wire').toBe(true);
  });

  it('changes when a schema changes', () => {
    const before = wireSchemas();
    const route = routes['GET /game/info'] as { answer: z.ZodType };
    const answer = route.answer;
    route.answer = z.object({ renamed: z.string() });
    try {
      expect(wireSchemas()).not.toBe(before);
      expect(wireSchemas()).toContain('{ renamed: string }');
    } finally {
      route.answer = answer;
    }
  });
});
