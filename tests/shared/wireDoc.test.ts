import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { opsRoutes } from '../../src/shared/wire/ops';
import { OPS_DESTINATIONS } from '../../src/shared/wire/opsEvents';
import { routes } from '../../src/shared/wire/routes';
import { wireSchemas, withWireSchemas } from '../../scripts/wireDoc';

describe('docs/wire.md', () => {
  it('holds the shapes the schemas of src/shared/wire give (npm run docs:wire rewrites them)', () => {
    const page = readFileSync('docs/wire.md', 'utf8');
    expect(withWireSchemas(page) === page, 'docs/wire.md is stale: run npm run docs:wire').toBe(true);
  });

  it("holds the operator's routes and destinations and the maintenance notice", () => {
    const part = wireSchemas();
    for (const key of Object.keys(opsRoutes)) expect(part).toContain(`#### \`${key}\``);
    for (const destination of [...Object.values(OPS_DESTINATIONS), '/topic/maintenance'])
      expect(part).toContain(`#### \`${destination}\``);
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
