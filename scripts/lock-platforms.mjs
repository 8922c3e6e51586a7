// Adds lockfile entries for optional per-platform binaries the registry here does not serve
// (npm leaves them out, then `npm ci` refuses the lock). Each entry carries its os/cpu/libc so
// npm skips it on every other platform, exactly as it would with a lock written elsewhere.
// Run after `npm install` when package-lock.json changes: node scripts/lock-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
const platform = (name) => {
  const os = ['darwin', 'linux', 'win32', 'android', 'freebsd'].find((o) => name.includes(`-${o}-`));
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'wasm32'].find((c) => name.includes(`-${c}`));
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (name.endsWith('-musl')) entry.libc = ['musl'];
  else if (name.endsWith('-gnu')) entry.libc = ['glibc'];
  return entry;
};
let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[base] || packages[`node_modules/${name}`]) continue;
    packages[`node_modules/${name}`] = { version, ...(meta.dev ? { dev: true } : {}), optional: true, ...platform(name) };
    added++;
  }
}
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} platform entries`);
