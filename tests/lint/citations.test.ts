import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file of these folders, and the README: what a reader of the code meets. */
function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(path, entry.name)) : [join(path, entry.name)],
  );
}

/** "issue N" (a tracker the repository does not hold), or a section of a spec or architecture that is not a docs/ page. */
const OUTSIDE = /\bissues? #?\d|\b(?:spec|architecture) §/i;
/** In docs/ a section of the spec is one of docs/spec.md: only an issue is outside. */
const OUTSIDE_DOCS = /\bissues? #?\d/i;

describe('citations (docs/architecture.md: the design is in docs/)', () => {
  it('point into docs/, never to an issue or a document the repository does not hold', () => {
    const cited = ['src', 'tests', 'scripts', 'docs', 'README.md']
      .flatMap(files)
      .filter((path) => /\.(ts|tsx|mjs|md|sql)$/.test(path))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            (path.startsWith('docs') ? OUTSIDE_DOCS : OUTSIDE).test(line) ? [`${path}:${i + 1}`] : [],
          ),
      );
    expect(cited).toEqual([]);
  });
});
