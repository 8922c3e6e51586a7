import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** package.json: the Node binaries npm installs, the engines it states, and the types the code is checked against. */
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const major = (version: string) => /(\d+)\./.exec(version)![1];

describe('the runtime (README "Run it")', () => {
  it('is the Node that npm ci installs into node_modules/.bin, for every npm script and the tests', () => {
    const binaries = Object.entries(manifest.optionalDependencies).filter(([name]) => /^node-linux-/.test(name));
    const versions = new Set(binaries.map(([, version]) => version));
    expect(versions.size).toBe(1);
    const [installed] = [...versions];
    console.log(`tests run on Node ${process.version}`);
    expect(process.version).toBe(`v${installed}`);
    expect(major(process.version)).toBe('24');
  });

  it('is what engines and @types/node say', () => {
    expect(manifest.engines.node).toBe(`>=${major(process.version)}`);
    expect(major(manifest.devDependencies['@types/node']!.replace('^', ''))).toBe(major(process.version));
  });
});
