import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { findSecrets, logSink } from '../suiteLogs';

describe("the suite's log check", () => {
  it('finds a planted secret, its hash and the shapes of credentials, and passes clean lines', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moonrush-planted-'));
    try {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = createHash('sha256').update(token).digest('hex');
      writeFileSync(join(dir, 'secrets.txt'), `${JSON.stringify(token)}\n${JSON.stringify('correct horse')}\n`);
      const lines = [
        '{"msg":"purging refresh tokens and password failures failed","wallet":"9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"}',
        `{"msg":"refresh","cookie":"${token}"}`,
        `{"msg":"stored","tokenHash":"${tokenHash}"}`,
        '{"msg":"typed","value":"my correct horse battery"}',
        '{"msg":"Failed query: insert into accounts\\nparams: a@b.co,scrypt$16384$8$1$c2FsdA==$a2V5"}',
        '{"msg":"signed","token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"}',
      ];
      writeFileSync(join(dir, 'server-1.log'), `${lines.join('\n')}\n`);
      expect(findSecrets(dir)).toEqual([
        { file: 'server-1.log', line: 2, what: 'a secret the tests sent or received' },
        { file: 'server-1.log', line: 3, what: 'a secret the tests sent or received' },
        { file: 'server-1.log', line: 4, what: 'a secret the tests sent or received' },
        { file: 'server-1.log', line: 5, what: 'a scrypt password hash' },
        { file: 'server-1.log', line: 6, what: 'a JWT' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('log lines', () => {
  let t: TestServer;
  const lines: string[] = [];
  // Read here, and written to the run's log folder too, where the suite's last step reads them.
  const file = logSink('logHygiene');
  beforeAll(async () => {
    t = await startServer({}, { logStream: { write: (line) => void (lines.push(line), file?.write(line)) } });
  });
  afterAll(async () => {
    await t.close();
    file?.close();
  });

  it("log a failed query by its SQL, never its parameters: a registering player's password hash stays out", async () => {
    const { db } = t.server.services.database;
    // Any failure of the insert will do: the table refuses every new row for a moment.
    await db.execute(sql`ALTER TABLE accounts ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`);
    try {
      const answer = await call(t.api, 'POST', '/auth/register', { email: 'hashed@example.com', password: 'password1' });
      expect([answer.status, answer.body.errorMessage]).toEqual([500, 'Something went wrong, please try again']);
    } finally {
      await db.execute(sql`ALTER TABLE accounts DROP CONSTRAINT refuse_all`);
    }
    const failed = lines.find((line) => line.includes('request failed'));
    expect(failed).toContain('Failed query: insert into \\"accounts\\"');
    expect(failed).toContain('"code":"23514"');
    expect(failed).not.toMatch(/scrypt|params|hashed@example\.com/);
  });

  it('blank secrets whoever logs them: fields named so, errors under any name, credentials in a message', () => {
    const query = Object.assign(new Error('Failed query: update x\nparams: scrypt$1$2$3$c2FsdA==$a2V5'), {
      query: 'update x',
      params: ['scrypt$1$2$3$c2FsdA==$a2V5'],
    });
    const before = lines.length;
    t.server.app.log.error(
      { error: query, password: 'hunter2 and more', nested: { refreshToken: 'abc' }, headers: { authorization: 'x' } },
      'sent Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
    );
    t.server.app.log.warn(query);
    const written = lines.slice(before).join('');
    expect(written).not.toMatch(/scrypt|params|hunter2|abc|eyJ/);
    expect(written).toContain('"message":"Failed query: update x"');
    expect(written).toContain('"password":"[redacted]"');
  });
});
