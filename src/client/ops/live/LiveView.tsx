/** The live view (docs/ops.md "Live view"): the round, the house, the day's results, players and queues, the last rounds, errors. */

import { rateColor } from '../../i18n/format';
import { Chip } from '../../pixel';
import type { OpsState } from '../../../shared/ops';
import { formatCoins, formatWireRate } from '../format';
import { Panel, Stats } from '../Stats';
import { Table } from '../Table';
import { Maintenance } from './Maintenance';

export function LiveView({ state }: { state: OpsState | null }) {
  if (!state) return <p role="status">Loading…</p>;
  const { round, house, pending, today } = state;
  const owedShare = round?.riskCap ? round.owedIfAllCashOut / round.riskCap : null;
  return (
    <div className="ops-grid">
      <Maintenance paused={state.paused} />
      <Panel title="Round">
        {round === null ? (
          <p>No round yet.</p>
        ) : (
          <Stats
            items={[
              ['Round', round.gameId],
              ['State', round.state],
              ['Multiplier', formatWireRate(round.rate)],
              ['Bets', round.bets],
              ['Stakes', formatCoins(round.stakes)],
              [
                'Owed if all cash out now',
                <span key="owed" className={owedShare !== null && owedShare >= 0.8 ? 'ops-warn' : undefined}>
                  {formatCoins(round.owedIfAllCashOut)}
                  {round.riskCap !== null && ` of ${formatCoins(round.riskCap)} cap`}
                </span>,
              ],
            ]}
          />
        )}
      </Panel>
      <Panel title="House">
        <Stats
          items={[
            ['Chain balance', formatCoins(house.chainBalance)],
            ['Coins owed', formatCoins(house.coinsOwed)],
            ['Bankroll', formatCoins(house.bankroll)],
            [
              'Reserves ratio',
              // null: nothing is owed, so no ratio.
              house.reservesRatio === null ? (
                '—'
              ) : (
                <span key="ratio" className={house.reservesRatio < 1 ? 'ops-warn' : undefined}>
                  {/* A percentage: "46.429" read as forty-six thousand where the coins group with dots. */}
                  {`${Math.floor(house.reservesRatio * 100)} % of what is owed`}
                </span>
              ),
            ],
          ]}
        />
      </Panel>
      <Panel title="Today (UTC), from the ledger">
        <Stats
          items={[
            [
              'Game result',
              <span key="game" className={today.game < 0 ? 'ops-loss' : 'ops-gain'}>
                {formatCoins(today.game)}
              </span>,
            ],
            ['Manual credits', formatCoins(today.manualCredits)],
            ['Manual debits', formatCoins(today.manualDebits)],
            ...today.creditsBy.map(({ operator, amount }): [string, string] => [
              `Credited by ${operator}`,
              formatCoins(amount),
            ]),
          ]}
        />
      </Panel>
      <Panel title="Players and queues">
        <Stats
          items={[
            ['Players online', state.playersOnline],
            ['Deposits pending', pending.deposits],
            ['Withdrawals pending', pending.withdrawals],
            ['Held for review', pending.review],
            [
              'Errors in the last hour',
              <span key="errors" className={state.errorsLastHour > 0 ? 'ops-warn' : undefined}>
                {state.errorsLastHour}
              </span>,
            ],
          ]}
        />
      </Panel>
      <Panel title="Last rounds" className="ops-wide">
        <Table
          caption="Last rounds"
          head={['Round', 'Crash', 'House result']}
          rows={state.lastRounds.map((row) => [
            row.gameId,
            <Chip key="crash" color={rateColor(row.crash / 100)}>
              {formatWireRate(row.crash)}
            </Chip>,
            <span key="result" className={row.houseResult < 0 ? 'ops-loss' : 'ops-gain'}>
              {formatCoins(row.houseResult)}
            </span>,
          ])}
        />
      </Panel>
    </div>
  );
}
