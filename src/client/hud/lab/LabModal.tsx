/**
 * The strategy lab (issue 28 point 2): a strategy replayed over the real rounds the server has
 * played, every one of them verified in this browser first, with its balance curve and figures.
 * Loaded only when opened (with uPlot); open to signed-out players too, it reads public data only.
 */

import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { RTP } from '../../../shared/constants';
import { coinsToHundredths, formatCoins } from '../../../shared/money';
import {
  autoStrategy,
  EMPTY_RULES,
  fixedStrategy,
  martingale,
  RULE_FIELDS,
  rulesOf,
  type RuleTexts,
} from '../../lab/autoRules';
import { EXAMPLE_STRATEGY, type JobResult } from '../../lab/customStrategy';
import { figures, type Figures } from '../../lab/figures';
import { loadVerifiedRounds, type VerifiedRounds } from '../../lab/labRounds';
import { replay, type Outcome } from '../../lab/replay';
import { runCustomStrategy } from '../../lab/sandbox';
import { openFairnessAtom } from '../../state/modalAtom';
import { Button } from '../pixel';
import { Modal } from '../modals/Modal';
import { BalanceChart } from './BalanceChart';
import './lab.css';

const MAX_ROUNDS = 10_000;
type Kind = 'fixed' | 'rules' | 'martingale' | 'custom';

const FIELDS = {
  start: '1000',
  rounds: '1000',
  stake: '10',
  target: '2.00',
  ...EMPTY_RULES,
};
type Fields = typeof FIELDS;

interface Result {
  verified: VerifiedRounds;
  outcomes: Outcome[];
  stopped: string | null;
  figures: Figures;
}

async function play(
  kind: Kind,
  fields: Fields,
  source: string,
  verified: VerifiedRounds,
  start: number,
): Promise<JobResult> {
  const rounds = verified.rounds.map(({ gameId, fullRate }) => ({ gameId, fullRate }));
  const stake = coinsToHundredths(fields.stake) ?? 0;
  const target = Number(fields.target);
  if (kind === 'custom') return runCustomStrategy(source, rounds, start);
  const strategy =
    kind === 'fixed'
      ? fixedStrategy(stake, target)
      : autoStrategy(kind === 'martingale' ? martingale(stake, target) : rulesOf(fields, stake, target));
  return { replay: replay(rounds, strategy, start) };
}

export default function LabModal({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal open={open} onClose={onClose} title="Strategy Lab" className="modal-wide">
      <Lab />
    </Modal>
  );
}

function Lab() {
  const [kind, setKind] = useState<Kind>('martingale');
  const [fields, setFields] = useState(FIELDS);
  const [source, setSource] = useState(EXAMPLE_STRATEGY);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [running, setRunning] = useState(false);
  const field = (name: keyof Fields, label: string) => (
    <label key={name}>
      {label}
      <input
        name={name}
        inputMode="decimal"
        value={fields[name]}
        onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      />
    </label>
  );

  async function run() {
    const start = coinsToHundredths(fields.start);
    const count = Math.floor(Number(fields.rounds));
    if (!start || !(count >= 1 && count <= MAX_ROUNDS))
      return setError(`Give a starting balance and 1 to ${MAX_ROUNDS} rounds`);
    setRunning(true);
    setError(null);
    setResult(null);
    try {
      setStatus('Fetching and verifying the rounds…');
      const verified = await loadVerifiedRounds(count, (done) => setStatus(`Verified ${done} rounds…`));
      if (verified.failure)
        return setError(`A round failed its check, so the lab shows no result. ${verified.failure}`);
      setStatus('Replaying…');
      const played = await play(kind, fields, source, verified, start);
      if ('error' in played) return setError(played.error);
      const { outcomes, stopped } = played.replay;
      setResult({ verified, outcomes, stopped, figures: figures(outcomes, start) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setStatus(null);
      setRunning(false);
    }
  }

  return (
    <div className="lab">
      <p>
        Replay a strategy over the rounds this server really played, each one verified in your browser first. The game
        returns {RTP * 100} % of what is bet in the long run: no strategy changes that.
      </p>
      <div className="lab-form">
        <label className="lab-strategy">
          Strategy
          <select name="kind" value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
            <option value="fixed">Fixed target</option>
            <option value="martingale">Martingale (double after a loss)</option>
            <option value="rules">Auto-bet rules</option>
            <option value="custom">My own (JavaScript)</option>
          </select>
        </label>
        {field('start', 'Starting balance')}
        {field('rounds', `Past rounds (up to ${MAX_ROUNDS})`)}
        {kind !== 'custom' && field('stake', 'Stake')}
        {kind !== 'custom' && field('target', 'Cash out at x')}
        {kind === 'rules' &&
          (Object.keys(RULE_FIELDS) as (keyof RuleTexts)[]).map((name) => field(name, RULE_FIELDS[name]))}
      </div>
      {kind === 'custom' && (
        <>
          <p>
            Read a strategy before you run one. It runs in a sandbox with no network, no cookies and no access to this
            page, for at most 3 seconds.
          </p>
          <textarea
            className="lab-code"
            aria-label="Strategy code"
            spellCheck={false}
            value={source}
            onChange={(event) => setSource(event.target.value)}
          />
        </>
      )}
      <Button color="green" onClick={() => void run()} disabled={running}>
        Run
      </Button>
      {status && <p role="status">{status}</p>}
      {error && (
        <p className="lab-error" role="alert" data-testid="lab-error">
          {error}
        </p>
      )}
      {result && <LabResult result={result} />}
    </div>
  );
}

function LabResult({ result }: { result: Result }) {
  const { verified, outcomes, stopped, figures: f } = result;
  const x = outcomes.map((_, i) => i + 1);
  const y = outcomes.map((outcome) => outcome.balance / 100);
  const rtp = f.rtp === null ? '—' : `${(f.rtp * 100).toFixed(2)} %`;
  const first = verified.rounds[0]?.gameId;
  const last = verified.rounds.at(-1)?.gameId;
  return (
    <div data-testid="lab-result">
      <p data-testid="lab-verified">
        Verified {verified.verified} of {verified.checked} rounds (hash, crash point and chain link)
        {verified.unchecked.length > 0 && `; ${verified.unchecked.length} could not be fully checked`}
        {verified.voided > 0 && `; ${verified.voided} voided rounds skipped (their bets were refunded)`}. Rounds {first}
        –{last}.
      </p>
      <BalanceChart x={[0, ...x]} y={[f.start / 100, ...y]} xLabel="Round of the run" />
      <dl className="lab-figures" data-testid="lab-figures">
        <Figure name="final" label="Final balance" value={f.final} text={formatCoins(f.final)} />
        <Figure name="drawdown" label="Biggest drawdown" value={f.maxDrawdown} text={formatCoins(f.maxDrawdown)} />
        <Figure
          name="streak"
          label="Longest losing streak"
          value={f.longestLosingStreak}
          text={String(f.longestLosingStreak)}
        />
        <Figure name="bets" label="Bets" value={f.bets} text={`${f.bets} (${f.wins} won)`} />
        <Figure name="wagered" label="Wagered" value={f.wagered} text={formatCoins(f.wagered)} />
        <Figure name="rtp" label={`Return to player (game: ${RTP * 100} %)`} value={f.rtp ?? ''} text={rtp} />
      </dl>
      <p data-testid="lab-stopped">{stopped ? `Stopped: ${stopped}.` : `Played all ${outcomes.length} rounds.`}</p>
      <RecentRounds verified={verified} outcomes={outcomes} />
    </div>
  );
}

function Figure({ name, label, value, text }: { name: string; label: string; value: number | string; text: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-figure={name} data-value={value}>
        {text}
      </dd>
    </div>
  );
}

/** The last rounds of the run, each opening its Provably Fair data. */
function RecentRounds({ verified, outcomes }: { verified: VerifiedRounds; outcomes: Outcome[] }) {
  const openFairness = useSetAtom(openFairnessAtom);
  const byId = new Map(verified.rounds.map((round) => [round.gameId, round]));
  return (
    <table className="lab-rounds">
      <thead>
        <tr>
          <th>Round</th>
          <th>Crash</th>
          <th>Stake</th>
          <th>Profit</th>
          <th>Balance</th>
        </tr>
      </thead>
      <tbody>
        {outcomes.slice(-20).map((outcome) => {
          const round = byId.get(outcome.gameId)!;
          return (
            <tr key={outcome.gameId}>
              <td>
                <button
                  type="button"
                  className="lab-link"
                  onClick={() =>
                    openFairness({ gameId: round.gameId, hash: round.hash, rate: round.fullRate, salt: round.salt! })
                  }
                >
                  {outcome.gameId}
                </button>
              </td>
              <td>x{outcome.crash.toFixed(2)}</td>
              <td>{formatCoins(outcome.stake)}</td>
              <td>{formatCoins(outcome.profit)}</td>
              <td>{formatCoins(outcome.balance)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
