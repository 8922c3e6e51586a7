// `npm run build:server`: bundles the game server (src/server/main.ts and what it imports from src/)
// into dist-server/main.js for `npm start`, so production runs plain JavaScript, not the tsx loader.
// Packages stay imports of node_modules. Each source module's import.meta.url is rewritten to its
// own file's URL, relative to the bundle: the files it reads next to itself (the migrations in
// drizzle/, the SQL of src/server) are found where they are under tsx, with no copy to keep in step.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';

const outfile = resolve('dist-server/main.js');

/** `import.meta.url` of a module in src/ as the URL of its source file, found from the bundle's. */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async ({ path }) => {
      const fromBundle = relative(dirname(outfile), path).split('\\').join('/');
      const contents = (await readFile(path, 'utf8')).replaceAll(
        'import.meta.url',
        `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
      );
      return { contents, loader: 'ts' };
    });
  },
};

await build({
  entryPoints: ['src/server/main.ts'],
  outfile,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [sourceUrls],
});
