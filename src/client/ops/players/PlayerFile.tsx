/**
 * One player's file: balance, block state and the actions (block, unblock, credit or debit), then
 * the ledger with its running balance, bets, deposits and withdrawals with explorer links, limits
 * and exclusion, sign-ins.
 */

import { useState } from 'react';
import { LIMIT_NAMES, type PlayerLimits } from '../../../shared/protocol';
import { Button, Chip } from '../../pixel';
import { opsGet } from '../api';
import { useConfig } from '../config';
import { formatAt, formatCoins, formatWireRate } from '../format';
import { Panel, Stats } from '../Stats';
import { Table } from '../Table';
import { useLoad } from '../../useLoad';
import { LedgerTable } from './LedgerTable';
import { PlayerActions } from './PlayerActions';
import { Transfers } from './Transfers';

export function PlayerFile({ id, onBack }: { id: string; onBack(): void }) {
  const [loaded, reload] = useLoad(() => opsGet('players/:id', { params: { id } }), [id]);
  const config = useConfig();
  // The ledger reloads after an action too: its key changes with each reload of the file.
  const [changes, setChanges] = useState(0);
  const changed = () => {
    reload();
    setChanges((n) => n + 1);
  };
  return (
    <div className="ops-grid">
      <div className="ops-wide">
        <Button color="gray" onClick={onBack}>
          ← Back to search
        </Button>
      </div>
      {loaded.state === 'loading' && <p role="status">Loading…</p>}
      {loaded.state === 'failed' && (
        <p className="ops-error" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.state === 'done' && (
        <>
          <Panel title="Player" className="ops-wide">
            <Stats
              items={[
                ['Email', loaded.value.email ?? '—'],
                ['Wallet', <span className="ops-mono">{loaded.value.wallet ?? '—'}</span>],
                ['Referral code', loaded.value.referralCode ?? '—'],
                ['Balance', <strong data-testid="player-balance">{formatCoins(loaded.value.balance)}</strong>],
                ['Since', formatAt(loaded.value.createdAt)],
                [
                  'Status',
                  loaded.value.blocked ? (
                    <span>
                      <Chip color="orange">blocked</Chip> {loaded.value.blockedReason}
                    </span>
                  ) : (
                    'active'
                  ),
                ],
              ]}
            />
            <PlayerActions player={loaded.value} onChanged={changed} />
          </Panel>
          <Panel title="Ledger" className="ops-wide">
            <LedgerTable key={changes} playerId={id} />
          </Panel>
          <Panel title="Bets (last 50)" className="ops-wide">
            <Table
              caption="Bets"
              head={['Time', 'Round', 'Stake', 'Cash-out', 'Win', 'Status']}
              rows={loaded.value.bets.map((bet) => [
                formatAt(bet.at),
                bet.gameId,
                formatCoins(bet.amount),
                bet.rate === null ? '—' : formatWireRate(bet.rate),
                bet.win === null ? '—' : formatCoins(bet.win),
                bet.status,
              ])}
            />
          </Panel>
          <Panel title="Deposits" className="ops-wide">
            <Transfers items={loaded.value.deposits} config={config} />
          </Panel>
          <Panel title="Withdrawals" className="ops-wide">
            <Transfers items={loaded.value.withdrawals} config={config} />
          </Panel>
          <Panel title="Limits and exclusion">
            <Stats
              items={[
                ...limitItems(loaded.value.limits),
                [
                  'Reality check',
                  loaded.value.limits.realityCheckMinutes
                    ? `every ${loaded.value.limits.realityCheckMinutes} min`
                    : 'off',
                ],
                [
                  'Self-exclusion',
                  loaded.value.exclusion
                    ? `until ${loaded.value.exclusion.until ? formatAt(loaded.value.exclusion.until) : 'permanent'}`
                    : 'none',
                ],
              ]}
            />
          </Panel>
          <Panel title="Sign-ins">
            <Table
              caption="Sign-ins"
              head={['Time', 'Address']}
              rows={loaded.value.signIns.map((signIn) => [formatAt(signIn.at), signIn.address])}
            />
          </Panel>
        </>
      )}
    </div>
  );
}

/** The limits the player set (hundredths on the wire, shown in coins), or one 'none'. */
function limitItems(limits: PlayerLimits): [string, string][] {
  const set = LIMIT_NAMES.filter((name) => limits.limits[name] !== null);
  if (set.length === 0) return [['Limits', 'none']];
  return set.map((name) => [name, `${formatCoins(limits.limits[name]!)} coins`]);
}
