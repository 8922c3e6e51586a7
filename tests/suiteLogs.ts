/**
 * The suite's log check: every test server writes its log lines to a file in one folder per run
 * (in-process servers through the harness, child processes through their spawner), the test
 * clients note each password, token and refresh cookie they send or receive, and the run's last
 * step (tests/suiteLogsSetup.ts) reads every line for them, for their SHA-256 (as stored), and for
 * the shapes of credentials. No secret, hash, token or password may reach a log line.
 */

import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The run's folder, set by the global setup before any worker starts. */
export const LOG_DIR_VARIABLE = 'MOONRUSH_TEST_LOGS';
const SECRETS_FILE = 'secrets.txt';

/** Credentials by their shape, whoever made them. */
const SHAPES: [string, RegExp][] = [
  ['a scrypt password hash', /scrypt\$\d+\$\d+\$\d+\$[\w+/=]+\$[\w+/=]+/],
  ['a JWT', /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]+/],
  ['a console token', /ops_[\w-]{43}/],
  ['a bearer header', /Bearer\s+[^\s"\\[]/i],
  ["a failed query's parameters", /params: /],
];

const folder = () => process.env[LOG_DIR_VARIABLE];
let files = 0;

/** A new file of the run's folder for one server's lines (`name` says whose), or null outside a suite run. */
function logFile(name: string): string | null {
  const dir = folder();
  return dir ? join(dir, `${name.replace(/\W+/g, '-')}-${process.pid}-${++files}.log`) : null;
}

/** A sink for a test server's log lines (written at once, so nothing is lost when the test ends), or undefined outside a suite run. */
export function logSink(name: string): { write(line: string): void; close(): void } | undefined {
  const path = logFile(name);
  if (!path) return undefined;
  const fd = openSync(path, 'a');
  let open = true;
  return {
    write: (line) => void (open && writeSync(fd, line)),
    close: () => {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

/** The stdio of a child server whose output a test does not read: its lines go to a file of the run's folder. */
export function logStdio(): 'ignore' | ['ignore', number, number] {
  const path = logFile('child');
  if (!path) return 'ignore';
  const fd = openSync(path, 'a');
  return ['ignore', fd, fd];
}

/** Notes a secret a test sent or received, so the run's last step looks for it (and its SHA-256) in every log line. */
export function noteSecret(secret: string | undefined): void {
  const dir = folder();
  if (dir && secret && secret.length >= 8) appendFileSync(join(dir, SECRETS_FILE), `${JSON.stringify(secret)}\n`);
}

/** One log line that carries a secret: where, and what kind (never the secret itself). */
interface Finding {
  file: string;
  line: number;
  what: string;
}

/** Every secret noted in `dir` and the SHA-256 of each (hex and base64url, as tables store them). */
function notedSecrets(dir: string): Set<string> {
  const path = join(dir, SECRETS_FILE);
  const secrets = new Set<string>();
  if (!existsSync(path)) return secrets;
  for (const line of readFileSync(path, 'utf8').split('\n').filter(Boolean)) {
    const secret = JSON.parse(line) as string;
    const digest = createHash('sha256').update(secret).digest();
    secrets.add(secret).add(digest.toString('hex')).add(digest.toString('base64url'));
  }
  return secrets;
}

/** The log lines of `dir` that carry a noted secret, its hash, or a credential's shape. */
export function findSecrets(dir: string): Finding[] {
  const secrets = notedSecrets(dir);
  // Most secrets are one word; the rest (a password with spaces) are looked for whole.
  const phrases = [...secrets]
    .filter((secret) => /[^\w-]/.test(secret))
    .map((phrase) => new RegExp(`(?<![\\w-])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`));
  const findings: Finding[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.log'))) {
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        const shape = SHAPES.find(([, pattern]) => pattern.test(text));
        const noted =
          text.split(/[^\w-]+/).some((word) => secrets.has(word)) || phrases.some((phrase) => phrase.test(text));
        if (shape || noted)
          findings.push({ file, line: index + 1, what: shape ? shape[0] : 'a secret the tests sent or received' });
      });
  }
  return findings;
}
