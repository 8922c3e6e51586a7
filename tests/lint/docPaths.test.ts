import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The pages a reader of the design meets. */
const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
/** Every file the repository holds (and the folders they are in). */
const TRACKED = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const FOLDERS = new Set(
  TRACKED.flatMap((path) =>
    path
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
/** What a path in a page may end in to count as one. */
const FILE = /\.(ts|tsx|mjs|js|sql|md|json|css|html|png|jsonc)$/;

/** `a/b.ts` in backticks, and the targets of relative links, with the page and line that name them. */
function namedPaths(page: string): { path: string; at: string; relativeTo: string | null }[] {
  return readFileSync(page, 'utf8')
    .split('\n')
    .flatMap((line, i) =>
      [
        ...[...line.matchAll(/`([\w./-]+\/[\w.-]*)`/g)].map((m) => ({ path: m[1]!, relativeTo: null })),
        ...[...line.matchAll(/\]\(([\w./-]+?)(?:#[\w-]*)?\)/g)].map((m) => ({
          path: m[1]!,
          relativeTo: dirname(page),
        })),
      ].map((named) => ({ ...named, at: `${page}:${i + 1}` })),
    );
}

/** Whether a path a page names is in the repository: from the root, or as the end of a tracked path. */
function exists({ path, relativeTo }: { path: string; relativeTo: string | null }): boolean {
  if (relativeTo !== null) return existsSync(normalize(join(relativeTo, path)));
  const bare = path.replace(/\/$/, '');
  if (existsSync(bare)) return true;
  return (
    TRACKED.some((file) => file.endsWith(`/${bare}`)) || [...FOLDERS].some((folder) => folder.endsWith(`/${bare}`))
  );
}

describe('the docs and the tree (docs/architecture.md "Parts")', () => {
  it('name only paths that exist', () => {
    const missing = PAGES.flatMap(namedPaths)
      .filter(({ path }) => FILE.test(path) || path.endsWith('/'))
      // What a build or a running server writes is not in the repository.
      .filter(({ path }) => !/^(dist|dist-server|dist-test|data|DATA_DIR)\/|^\//.test(path))
      .filter((named) => !exists(named))
      .map(({ path, at }) => `${at} ${path}`);
    expect(missing).toEqual([]);
  });

  it('map every source folder, in the README and in the architecture', () => {
    const unmapped = ['README.md', 'docs/architecture.md'].flatMap((page) => {
      const lines = readFileSync(page, 'utf8').split('\n');
      return ['src/client', 'src/server', 'src/shared'].flatMap((side) => {
        // The side's block of the map: its line, then the indented lines under it.
        const start = lines.findIndex((line) => line.startsWith(`${side}/ `));
        const end = lines.findIndex((line, i) => i > start && /^\S/.test(line));
        const block = lines.slice(start + 1, end);
        return readdirSync(side, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .filter((entry) => !block.some((line) => line.trimStart().startsWith(`${entry.name}/ `)))
          .map((entry) => `${page}: ${side}/${entry.name}/`);
      });
    });
    expect(unmapped).toEqual([]);
  });
});
