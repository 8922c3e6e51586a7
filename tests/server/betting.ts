/** Helpers for bet tests: funded players and round rows driven by hand, as the engine would. */

import { desc, eq } from 'drizzle-orm';
import { rateHundredths } from '../../src/shared/growth';
import type { Db } from '../../src/server/db/client';
import { accounts, rounds } from '../../src/server/db/schema';
import { moveBalance } from '../../src/server/betting/balance';
import type { LiveRound } from '../../src/server/game/RoundListener';
import { markStarted } from '../../src/server/game/rounds';
import { newPlayer } from './client';

let deposits = 0;

/** A registered player (password 'correct horse') holding `balance` hundredths. */
export async function fundedPlayer(
  api: string,
  db: Db,
  balance: number,
): Promise<{ token: string; id: number; email: string }> {
  const { token, email } = await newPlayer(api);
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  if (balance > 0)
    await db.transaction((tx) =>
      moveBalance(tx, row!.id, BigInt(balance), 'deposit', `test-${deposits++}-${Date.now()}`),
    );
  return { token, id: row!.id, email };
}

/** The player's balance in hundredths. */
export async function balanceOf(db: Db, id: number): Promise<bigint> {
  const [row] = await db.select({ balance: accounts.balance }).from(accounts).where(eq(accounts.id, id));
  return row!.balance;
}

/** A round taking bets, with a chosen crash point. */
export async function openRound(db: Db, fullRate: number): Promise<LiveRound> {
  const now = Date.now();
  const [row] = await db
    .insert(rounds)
    .values({
      state: 'CREATED',
      hash: `hash-${now}`,
      fullRate,
      salt: `salt-${now}`,
      createdAt: now,
      startsAt: now + 1000,
    })
    .returning();
  return { id: row!.id, hash: row!.hash, fullRate, salt: row!.salt, startsAt: row!.startsAt, startedAt: null, maxRoundProfit: null, limitRate: null };
}

/** Starts the round `ago` ms in the past, as the engine does (after the bets in flight). */
export async function startRound(db: Db, round: LiveRound, ago = 0): Promise<LiveRound> {
  const startedAt = Date.now() - ago;
  await markStarted(db, round.id, startedAt);
  return { ...round, startedAt };
}

/** Ends the round at its crash point. */
export async function endRound(db: Db, round: LiveRound): Promise<void> {
  await db
    .update(rounds)
    .set({ state: 'ENDED', rateHundredths: rateHundredths(round.fullRate), endedAt: Date.now() })
    .where(eq(rounds.id, round.id));
}

/** Ends every round still open (so a test starts with none taking bets). */
export async function closeAllRounds(db: Db): Promise<void> {
  const open = await db.select().from(rounds).orderBy(desc(rounds.id));
  for (const round of open)
    if (round.state === 'CREATED' || round.state === 'STARTED')
      await db.update(rounds).set({ state: 'ENDED' }).where(eq(rounds.id, round.id));
}
