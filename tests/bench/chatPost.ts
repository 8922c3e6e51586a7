/**
 * `npx tsx tests/bench/chatPost.ts [N]`: the server thread's CPU time to store one chat message
 * (docs/benchmarks/fanout.md "Chat"): postMessage called N times (default 500) in a row from four
 * accounts on the test server's in-memory PGlite, CHAT_RATE lifted, three rounds after a warm-up.
 * Run it from two checkouts to compare them.
 */

import { eq } from 'drizzle-orm';
import { postMessage } from '../../src/server/chat/messages';
import { accounts } from '../../src/server/db/schema';
import type { AccountRef } from '../../src/server/ledger/accounts';
import { newPlayer } from '../server/client';
import { startServer } from '../server/harness';

const count = Number(process.argv[2] ?? 500);
const t = await startServer({ ROLE: 'gateway', CHAT_MIN_ROUNDS: '0', CHAT_RATE: '100000' });
const { db } = t.server.services.database;
const writers: AccountRef[] = [];
for (let i = 0; i < 4; i++) {
  const { email } = await newPlayer(t.api);
  const [row] = await db.select().from(accounts).where(eq(accounts.email, email));
  writers.push({ id: row!.id, wallet: null, nickname: row!.nickname });
}
let sent = 0;
async function post(n: number): Promise<void> {
  for (let i = 0; i < n; i++, sent++)
    await postMessage(db, t.config.chat, writers[sent % 4]!, 'en', { text: `message number ${sent}` }, Date.now());
}
await post(200);
const rounds: string[] = [];
for (let round = 0; round < 3; round++) {
  const start = process.cpuUsage();
  await post(count);
  const cpu = process.cpuUsage(start);
  rounds.push(`${((cpu.user + cpu.system) / 1000 / count).toFixed(2)} ms`);
}
console.log(`CPU a message over ${count} messages: ${rounds.join(', ')}`);
await t.close();
