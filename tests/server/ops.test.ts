/**
 * The operator's console on PostgreSQL (docs/ops.md), through the real server, HTTP and STOMP:
 * ops:add and TOTP sign-in, who may call what, pause, withdrawal review, block, manual adjustments
 * and the audit log.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { hostname, userInfo } from 'node:os';
import { eq, sql, type SQL } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { call, newPlayer } from './client';
import { startPostgres, type PostgresCluster } from './pg';
import { fixedCrashPoints } from './crashPoints';
import { fundedPlayer } from './betting';
import { connectStomp, openRaw, waitUntil } from './stompClient';
import { closedWithin, operatorSocket, ops, signedInOperator, totpCode, type TestOperator } from './opsClient';
import * as payments from './paymentClient';
import { OPS_ROUTES } from '../../src/server/ops/routes';
import { addOperator } from '../../src/server/ops/operators';
import {
  MAINTENANCE_DESTINATION,
  OPS_DESTINATIONS,
  type OpsAuditRow,
  type OpsPlayerSummary,
  type OpsPage,
  type OpsWithdrawal,
} from '../../src/shared/ops';
import { DESTINATIONS, type GameEvent, type PlayerWithdrawal } from '../../src/shared/protocol';
import { accounts, bets, ledgerEntries, operators, opsSessions, securityLog } from '../../src/server/db/schema';
import { moveBalance } from '../../src/server/betting/balance';
import { queryRows } from '../../src/server/db/client';
import { checkLedger } from '../../src/server/ledger/check';

const run = promisify(execFile);

describe('the operator console on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let databaseUrl: string;
  let t: TestServer;
  let admin: TestOperator;
  let viewer: TestOperator;
  const db = () => t.server.services.database.db;
  const auditOf = async (query: string) =>
    (await ops<OpsPage<OpsAuditRow>>(t, admin, 'GET', `audit?${query}`)).body.data!.items;

  const idOf = async (email: string) =>
    (await db().select({ id: operators.id }).from(operators).where(eq(operators.email, email)))[0]!.id;

  /** A new operator whose session ends at `at` (ms): OPS_SESSION_MINUTES is at least a minute. */
  const operatorUntil = async (at: number) => {
    const operator = await signedInOperator(t, 'admin');
    await db()
      .update(opsSessions)
      .set({ expiresAt: at })
      .where(eq(opsSessions.operatorId, await idOf(operator.email)));
    return operator;
  };
  /** An operator whose session has just ended. */
  const expiredOperator = () => operatorUntil(Date.now() - 1);

  beforeAll(async () => {
    cluster = await startPostgres();
    databaseUrl = await cluster.createDatabase('ops');
    t = await startServer(
      { DATABASE_URL: databaseUrl, WITHDRAW_REVIEW_ABOVE: '1000', WITHDRAW_SECOND_APPROVAL_ABOVE: '3000' },
      { roundSecrets: fixedCrashPoints([1.3]) },
    );
    admin = await signedInOperator(t, 'admin');
    viewer = await signedInOperator(t, 'viewer');
  });
  afterAll(async () => {
    await t?.close();
    cluster?.stop();
  });

  it('ops:add prints the password and TOTP secret, which sign in once per code, audited', async () => {
    const { stdout } = await run(
      'npx',
      ['tsx', 'scripts/ops-add.ts', '--email', 'Night@Ops.example', '--role', 'admin'],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      },
    );
    const match = /^password: (\S{24})\ntotp-secret: ([A-Z2-7]{32})\n$/.exec(stdout);
    expect(match, stdout).not.toBeNull();
    const [, password, secret] = match!;
    const auth = (body: object) =>
      call<{ role: string; token: string; expiresAt: string }>(t.api, 'POST', '/ops/auth', body);

    const wrongCode = await auth({
      email: 'night@ops.example',
      password,
      totp: totpCode(secret!, Date.now() - 300_000),
    });
    expect([wrongCode.status, wrongCode.body.errorMessage]).toEqual([401, 'Invalid credentials']);
    const wrongPassword = await auth({ email: 'night@ops.example', password: 'x' + password, totp: totpCode(secret!) });
    expect([wrongPassword.status, wrongPassword.body.errorMessage]).toEqual([401, 'Invalid credentials']);

    const code = totpCode(secret!);
    const ok = await auth({ email: 'Night@Ops.example', password, totp: code });
    expect(ok.status).toBe(200);
    expect(ok.body.data!.role).toBe('admin');
    const minutes = (Date.parse(ok.body.data!.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect((await call(t.api, 'GET', '/ops/state', undefined, { token: ok.body.data!.token })).status).toBe(200);
    // The same code again (someone watching): refused.
    expect((await auth({ email: 'night@ops.example', password, totp: code })).status).toBe(401);

    const rows = await auditOf('actor=night%40ops.example');
    expect(rows.map((row) => row.action)).toEqual(['sign_in']);
    // The failed tries are in the security log, by the operator's id.
    const failures = await db()
      .select({ operatorId: securityLog.operatorId, emailHash: securityLog.emailHash, detail: securityLog.detail })
      .from(securityLog)
      .where(eq(securityLog.operatorId, await idOf('night@ops.example')))
      .orderBy(securityLog.id);
    expect(failures).toEqual(
      ['wrong_code', 'wrong_password', 'wrong_code'].map((detail) => ({
        ...{ operatorId: expect.any(Number) as number, emailHash: null, detail },
      })),
    );
    // The creation itself: the command line's OS user and host, no address.
    const created = await auditOf(`target=operator:${await idOf('night@ops.example')}`);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      action: 'operator_add',
      ...{ actor: `cli:${userInfo().username}@${hostname()}`, address: null },
      after: { email: 'night@ops.example', role: 'admin' },
    });
  });

  it("keeps a stranger's failed sign-in out of the audit and the consoles: the security log holds only a hash", async () => {
    const typed = 'Approved w#42 per CEO, see ticket 1234';
    const password = 'a typed password 1234';
    const raw = await operatorSocket(t, admin);
    const answer = await call(t.api, 'POST', '/ops/auth', { email: typed, password, totp: '123456' });
    expect([answer.status, answer.body.errorMessage]).toEqual([401, 'Invalid credentials']);
    // An operator's act after it: once its row reaches the console, an earlier row would have too.
    const later = await signedInOperator(t, 'viewer');
    await waitUntil(() => raw.text().includes(later.email), 5000, "the next audit row on the admin's socket");
    raw.ws.close();
    expect(raw.text()).not.toContain('ticket 1234');
    const audit = JSON.stringify((await ops(t, admin, 'GET', 'audit?limit=200')).body);
    expect(audit).not.toContain('ticket 1234');
    const rows = await db().select().from(securityLog).where(eq(securityLog.detail, 'unknown_email'));
    const hash = createHash('sha256').update(typed.toLowerCase()).digest('hex');
    expect(rows.filter((row) => row.emailHash === hash)).toMatchObject([
      { event: 'ops_sign_in_failed', operatorId: null, detail: 'unknown_email' },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/ticket 1234|a typed password/i);
  });

  it('ops:disable ends an operator at once (routes, socket, sign-in); ops:enable lets it back; both audited', async () => {
    const operator = await signedInOperator(t, 'admin');
    const raw = await operatorSocket(t, operator);
    const script = (...args: string[]) =>
      run('npx', ['tsx', 'scripts/ops-disable.ts', '--email', operator.email, ...args], {
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      });

    expect((await script('--reason', 'left the company')).stdout).toBe(
      `disabled ${operator.email}: 1 session(s) ended\n`,
    );
    const refused = await ops(t, operator, 'GET', 'state');
    expect([refused.status, refused.body.errorMessage]).toEqual([
      401,
      'Your console session has ended: please sign in again',
    ]);
    expect(await closedWithin(raw, 10_000)).toBe(true);
    expect(raw.text()).toMatch(/ERROR\nmessage:Session expired/);
    // A code of the next step, which the operator could use if it were enabled (as it can below).
    const form = {
      email: operator.email,
      password: operator.password,
      totp: totpCode(operator.totpSecret, Date.now() + 30_000),
    };
    const signIn = await call(t.api, 'POST', '/ops/auth', form);
    expect([signIn.status, signIn.body.errorMessage]).toEqual([401, 'Invalid credentials']);

    expect((await script('--enable')).stdout).toBe(`enabled ${operator.email}\n`);
    expect((await call(t.api, 'POST', '/ops/auth', form)).status).toBe(200);
    const rows = await auditOf(`target=operator:${await idOf(operator.email)}`);
    expect(rows.map((row) => [row.action, row.reason, row.after])).toEqual([
      ['operator_enable', null, { disabled: false, sessionsRevoked: 0 }],
      ['operator_disable', 'left the company', { disabled: true, sessionsRevoked: 1 }],
      ['operator_add', null, { email: operator.email, role: 'admin' }],
    ]);
    expect(rows.every((row) => row.actor.startsWith('cli:') && row.address === null)).toBe(true);
  }, 60_000);

  it('slows wrong sign-ins per email: after five in a row even the right code waits', async () => {
    const email = 'guessed@ops.example';
    const { password, totpSecret } = await addOperator(db(), email, 'viewer');
    const auth = (totp: string) => call(t.api, 'POST', '/ops/auth', { email, password, totp });
    for (let i = 0; i < 5; i++) expect((await auth('000000')).status).toBe(401);
    const locked = await auth(totpCode(totpSecret));
    expect([locked.status, locked.body.errorMessage]).toEqual([
      429,
      expect.stringMatching(/^Too many wrong passwords/),
    ]);
  });

  it('refuses every ops route without a live operator session, and actions to a viewer', async () => {
    const player = await newPlayer(t.api);
    const expired = await expiredOperator();
    const revoked = await signedInOperator(t, 'admin');
    expect((await ops(t, revoked, 'POST', 'logout')).status).toBe(200);
    const viewer = await signedInOperator(t, 'viewer');

    expect(OPS_ROUTES.length).toBeGreaterThanOrEqual(14);
    // Logout last: the viewer's own call of it ends the viewer's session.
    const logoutLast = [...OPS_ROUTES].sort((a, b) => Number(a.url === 'logout') - Number(b.url === 'logout'));
    for (const route of logoutLast) {
      const path = `/ops/${route.url.replace(':id', '1')}`;
      const body = route.method === 'POST' ? {} : undefined;
      for (const token of [undefined, player.token, expired.token, revoked.token]) {
        const answer = await call(t.api, route.method, path, body, { token });
        expect([path, answer.status, answer.body.success]).toEqual([path, 401, false]);
      }
      const asViewer = await call(t.api, route.method, path, body, { token: viewer.token });
      if (route.role === 'admin') expect([path, asViewer.status]).toEqual([path, 403]);
      else expect([path, [401, 403].includes(asViewer.status)]).toEqual([path, false]);
    }
  });

  it('keeps the ops destinations to operators and streams state and audit rows to them', async () => {
    const player = await newPlayer(t.api);
    const expired = await expiredOperator();
    for (const token of [undefined, player.token, expired.token]) {
      for (const destination of Object.values(OPS_DESTINATIONS)) {
        const raw = await openRaw(t.ws);
        const authorization = token ? `authorization:Bearer ${token}\n` : '';
        raw.ws.send(
          `CONNECT\naccept-version:1.2\n${authorization}\n\0SUBSCRIBE\nid:0\ndestination:${destination}\n\n\0`,
        );
        await raw.closed;
        expect(raw.text()).toContain('CONNECTED');
        expect(raw.text()).toMatch(/ERROR\nmessage:Forbidden/);
      }
    }
    const console = await connectStomp(t.ws, Object.values(OPS_DESTINATIONS), 10_000, {
      authorization: `Bearer ${admin.token}`,
    });
    try {
      await waitUntil(() => console.received.get(OPS_DESTINATIONS.state)!.length > 0, 5000, 'a state message');
      expect(console.received.get(OPS_DESTINATIONS.state)![0]).toMatchObject({ house: expect.any(Object) });
      const target = await fundedPlayer(t.api, db(), 0);
      await ops(t, admin, 'POST', `players/${target.id}/block`, { reason: 'chargeback fraud' });
      await waitUntil(
        () =>
          console.received
            .get(OPS_DESTINATIONS.audit)!
            .some((row) => (row as OpsAuditRow).target === `account:${target.id}`),
        5000,
        'the audit row',
      );
    } finally {
      await console.close();
    }
  });

  it("closes an operator's socket within seconds of the session's logout", async () => {
    const operator = await signedInOperator(t, 'viewer');
    const raw = await operatorSocket(t, operator);
    expect((await ops(t, operator, 'POST', 'logout')).status).toBe(200);
    expect(await closedWithin(raw, 10_000)).toBe(true);
    expect(raw.text()).toMatch(/ERROR\nmessage:Session expired/);
  });

  it("closes an operator's socket when its session ends by itself", async () => {
    const endsAt = Date.now() + 1500;
    const raw = await operatorSocket(t, await operatorUntil(endsAt));
    expect(await closedWithin(raw, 10_000)).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt);
    expect(raw.text()).toMatch(/ERROR\nmessage:Session expired/);
  });

  it('pauses after the round in flight, which settles with no bet voided, until resumed', async () => {
    const player = await fundedPlayer(t.api, db(), 100_000);
    const watcher = await connectStomp(t.ws, [DESTINATIONS.game, MAINTENANCE_DESTINATION]);
    const events = () => watcher.received.get(DESTINATIONS.game) as GameEvent[];
    try {
      // A bet in the next round, then the pause once it flies.
      const created = events().length;
      await waitUntil(
        () =>
          events()
            .slice(created)
            .some((e) => e.eventType === 'GAME_CREATED'),
        10_000,
        'a new round',
      );
      const bet = await call<{ betId: string }>(
        t.api,
        'POST',
        '/bet/create/auto',
        { amount: 1000, rate: 1.1 },
        { token: player.token },
      );
      expect(bet.status).toBe(200);
      const gameId = events().findLast((e) => e.eventType === 'GAME_CREATED')!.data.gameId;
      await waitUntil(
        () => events().some((e) => e.eventType === 'GAME_STARTED' && e.data.gameId === gameId),
        5000,
        'the start',
      );
      const paused = await ops<{ paused: { reason: string } }>(t, admin, 'POST', 'pause', {
        reason: 'database upgrade',
      });
      expect(paused.body.data!.paused.reason).toBe('database upgrade');
      await waitUntil(
        () => events().some((e) => e.eventType === 'GAME_ENDED' && e.data.gameId === gameId),
        10_000,
        'the crash',
      );
      const maintenance = () => watcher.received.get(MAINTENANCE_DESTINATION)!;
      await waitUntil(
        () => JSON.stringify(maintenance().at(-1)) === '{"paused":true,"reason":"database upgrade"}',
        3000,
        'the notice',
      );
      const status = await call<{ maintenance: unknown }>(t.api, 'GET', '/game/status');
      expect(status.body.data).toEqual({ maintenance: { paused: true, reason: 'database upgrade' } });

      const [row] = await db()
        .select()
        .from(bets)
        .where(eq(bets.id, Number(bet.body.data!.betId)));
      expect([row!.status, row!.rate]).toEqual(['CASHED_OUT', 110]);
      // Longer than a betting window and a pause between rounds: no round is created while paused.
      const endedAt = events().length;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(
        events()
          .slice(endedAt)
          .map((e) => e.eventType),
      ).toEqual([]);
      expect(events().some((e) => e.eventType === 'GAME_VOIDED')).toBe(false);

      expect((await ops(t, admin, 'POST', 'resume')).body.data).toEqual({ paused: null });
      await waitUntil(
        () =>
          events()
            .slice(endedAt)
            .some((e) => e.eventType === 'GAME_CREATED'),
        5000,
        'a round after resume',
      );
      await waitUntil(() => JSON.stringify(maintenance().at(-1)) === '{"paused":false}', 3000, 'the end of the notice');
      expect((await auditOf('target=game')).map((r) => r.action).slice(0, 2)).toEqual(['resume', 'pause']);
    } finally {
      await watcher.close();
    }
  }, 60_000);

  describe('withdrawal review', () => {
    const withdraw = (player: payments.Player, sol: number) =>
      payments.call<{ signature: string | null; status?: string; withdrawalId?: string }>(
        t,
        'POST',
        '/payment/withdraw',
        { amount: sol, wallet: player.wallet },
        player.token,
      );
    const listOf = async (player: payments.Player) =>
      (await payments.call<PlayerWithdrawal[]>(t, 'GET', '/payment/withdrawals', undefined, player.token)).body.data!;

    it('holds a withdrawal above WITHDRAW_REVIEW_ABOVE; an approval pays it on the chain', async () => {
      const player = await payments.playerWithCoins(t, 1);
      const small = await withdraw(player, 0.05);
      expect(small.body.data!.signature).toEqual(expect.any(String));
      const walletBefore = await payments.localChain(t).balance(player.wallet);
      const held = await withdraw(player, 0.2);
      expect(held.body.data).toMatchObject({ signature: null, status: 'review' });
      const id = held.body.data!.withdrawalId!;
      expect(await payments.balanceOf(t, player)).toBe(750_000n);
      expect((await listOf(player))[0]).toMatchObject({ id, status: 'review', amount: 200_000 });
      const review = (await ops<OpsPage<OpsWithdrawal>>(t, viewer, 'GET', 'withdrawals?status=review')).body.data!;
      expect(review.items.map((w) => w.id)).toContain(id);

      const approved = await ops<{ withdrawal: OpsWithdrawal }>(t, admin, 'POST', `withdrawals/${id}/approve`);
      expect(approved.status).toBe(200);
      expect(approved.body.data!.withdrawal).toMatchObject({ status: 'confirmed', approvals: [{ by: admin.email }] });
      expect(await payments.localChain(t).balance(player.wallet)).toBe(walletBefore + 200_000_000n);
      expect(await payments.balanceOf(t, player)).toBe(750_000n);
    });

    it('needs a second, different admin above WITHDRAW_SECOND_APPROVAL_ABOVE', async () => {
      const player = await payments.playerWithCoins(t, 1);
      const id = (await withdraw(player, 0.5)).body.data!.withdrawalId!;
      const first = await ops<{ withdrawal: OpsWithdrawal }>(t, admin, 'POST', `withdrawals/${id}/approve`);
      expect(first.body.data!.withdrawal).toMatchObject({ status: 'review', signature: null });
      const again = await ops(t, admin, 'POST', `withdrawals/${id}/approve`);
      expect([again.status, again.body.errorMessage]).toEqual([
        409,
        'A second, different admin must approve this withdrawal',
      ]);
      const second = await signedInOperator(t, 'admin');
      const done = await ops<{ withdrawal: OpsWithdrawal }>(t, second, 'POST', `withdrawals/${id}/approve`);
      expect(done.body.data!.withdrawal.status).toBe('confirmed');
      expect(done.body.data!.withdrawal.approvals.map((a) => a.by)).toEqual([admin.email, second.email]);
    });

    it('a rejection releases the hold with a ledger row, and the player sees why', async () => {
      const player = await payments.playerWithCoins(t, 1);
      const id = (await withdraw(player, 0.2)).body.data!.withdrawalId!;
      expect(await payments.balanceOf(t, player)).toBe(800_000n);
      const rejected = await ops<{ withdrawal: OpsWithdrawal }>(t, admin, 'POST', `withdrawals/${id}/reject`, {
        reason: 'source of funds unclear',
      });
      expect(rejected.body.data!.withdrawal).toMatchObject({
        status: 'failed',
        reason: 'Rejected: source of funds unclear',
      });
      expect(await payments.balanceOf(t, player)).toBe(1_000_000n);
      const release = await db().select().from(ledgerEntries).where(eq(ledgerEntries.ref, id));
      expect(release.map((r) => [r.kind, r.delta])).toEqual([
        ['withdraw_hold', -200_000n],
        ['withdraw_release', 200_000n],
      ]);
      expect((await listOf(player))[0]).toMatchObject({
        status: 'failed',
        reason: 'Rejected: source of funds unclear',
      });
      expect((await ops(t, admin, 'POST', `withdrawals/${id}/approve`)).status).toBe(409);
    });
  });

  it('a blocked player may sign in and withdraw but not bet or deposit, until unblocked', async () => {
    const before = await payments.playerWithCoins(t, 0.5);
    const [found] = (
      await ops<{ items: { id: string; wallet: string }[] }>(
        t,
        viewer,
        'GET',
        `players?q=${before.wallet.slice(0, 12)}`,
      )
    ).body.data!.items;
    expect(found!.wallet).toBe(before.wallet);
    expect((await ops(t, admin, 'POST', `players/${found!.id}/block`, { reason: 'chargebacks' })).status).toBe(200);
    // Blocked, the player still signs in (throws otherwise); all below uses that new session.
    const player = await payments.signIn(t, before.key);
    const blocked = 'Your account is blocked: chargebacks';

    const deposit = await payments.call(t, 'POST', '/payment/prepare', { amount: 0.1 }, player.token);
    expect([deposit.status, deposit.body.errorMessage]).toEqual([403, blocked]);
    // A bet is judged in the betting window: try until a round takes bets.
    let bet = await payments.call(t, 'POST', '/bet/create', { amount: 1000 }, player.token);
    const deadline = Date.now() + 15_000;
    while (bet.status === 409 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      bet = await payments.call(t, 'POST', '/bet/create', { amount: 1000 }, player.token);
    }
    expect([bet.status, bet.body.errorMessage]).toEqual([403, blocked]);
    expect((await withdraw(player, 0.05)).status).toBe(200);
    const file = (await ops<{ blockedReason: string; signIns: unknown[] }>(t, viewer, 'GET', `players/${found!.id}`))
      .body.data!;
    expect(file.blockedReason).toBe('chargebacks');
    expect(file.signIns).toHaveLength(2);

    expect((await ops(t, admin, 'POST', `players/${found!.id}/unblock`, { reason: 'resolved' })).status).toBe(200);
    expect((await payments.call(t, 'POST', '/payment/prepare', { amount: 0.1 }, player.token)).status).toBe(200);

    function withdraw(p: payments.Player, sol: number) {
      return payments.call(t, 'POST', '/payment/withdraw', { amount: sol, wallet: p.wallet }, p.token);
    }
  });

  it('finds a player by referral code', async () => {
    const player = await fundedPlayer(t.api, db(), 0);
    const [row] = await db().select().from(accounts).where(eq(accounts.id, player.id));
    const code = row!.referralCode;
    const found = (await ops<{ items: OpsPlayerSummary[] }>(t, viewer, 'GET', `players?q=${code}`)).body.data!.items;
    expect(found.find((item) => item.referralCode === code)).toMatchObject({
      id: String(player.id),
      email: player.email,
    });
  });

  it("pages the ledger newest first, each row's balance following from the next one's across pages", async () => {
    const player = await fundedPlayer(t.api, db(), 5000);
    for (const [i, amount] of [100n, 200n, 300n].entries())
      await db().transaction((tx) => moveBalance(tx, player.id, amount, 'deposit', `paging-${player.id}-${i}`));
    type Page = OpsPage<{ kind: string; amount: number; balance: number }>;
    const path = `players/${player.id}/ledger?limit=3`;
    const first = (await ops<Page>(t, viewer, 'GET', path)).body.data!;
    expect(first.next).not.toBeNull();
    const second = (await ops<Page>(t, viewer, 'GET', `${path}&before=${first.next}`)).body.data!;
    expect(second.next).toBeNull();
    const rows = [...first.items, ...second.items];
    expect(rows.map((r) => [r.amount, r.balance])).toEqual([
      [300, 5600],
      [200, 5300],
      [100, 5100],
      [5000, 5000],
    ]);
    // The running balance: each row's balance less its amount is the balance of the row below it, down to 0.
    rows.forEach((r, i) => expect(r.balance - r.amount).toBe(rows[i + 1]?.balance ?? 0));
  });

  it('a manual adjustment is one manual ledger row and one audit row; ledger:check wants the audit row', async () => {
    const player = await fundedPlayer(t.api, db(), 5000);
    const credit = await ops<{ balance: number }>(t, admin, 'POST', `players/${player.id}/adjust`, {
      amount: 2550,
      reason: 'goodwill for the outage',
    });
    // Hundredths on the wire: 25.50 coins.
    expect(credit.body.data!.balance).toBe(7550);
    const tooMuch = await ops(t, admin, 'POST', `players/${player.id}/adjust`, { amount: -10_000, reason: 'reverse' });
    expect([tooMuch.status, tooMuch.body.errorMessage]).toEqual([409, 'The balance would go below zero']);

    const manual = await db().select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'manual'));
    expect(manual.map((r) => [r.accountId, r.delta, r.balanceAfter])).toEqual([[player.id, 2550n, 7550n]]);
    const audits = await auditOf(`action=adjust&target=account:${player.id}`);
    expect(audits.map((a) => [a.id, a.reason, a.after])).toEqual([
      [manual[0]!.ref, 'goodwill for the outage', { balance: 7550, amount: 2550, creditId: expect.any(Number) }],
    ]);
    const ledger = (
      await ops<OpsPage<{ kind: string; balance: number }>>(t, viewer, 'GET', `players/${player.id}/ledger`)
    ).body.data!;
    expect(ledger.items.map((r) => [r.kind, r.balance])).toEqual([
      ['manual', 7550],
      ['deposit', 5000],
    ]);
    expect(await checkLedger(db())).toEqual([]);

    // A manual row written around the console (no audit row) is reported.
    await queryRows(db(), sql`SELECT move_balance(${player.id}, 100, 'manual', '999999', 1::bigint)`);
    expect(await checkLedger(db())).toEqual([
      { accountId: player.id, problem: expect.stringMatching(/^manual ledger row \d+ has no audit row$/) },
    ]);
  });

  it('refuses to update or delete audit rows, whoever asks', async () => {
    const refusal = (statement: SQL) =>
      queryRows(db(), statement).then(
        () => 'done',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(sql`UPDATE ops_audit SET reason = 'nothing happened'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`DELETE FROM ops_audit`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`TRUNCATE ops_audit`)).toMatch(/append-only: TRUNCATE refused/);
    expect((await auditOf('limit=1')).length).toBe(1);
  });
});
