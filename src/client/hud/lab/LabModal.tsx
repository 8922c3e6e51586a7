/**
 * The strategy lab (docs/hud.md "Player tools"): a strategy replayed over the real rounds the
 * server has played, every one of them verified in this browser first, with its balance curve and
 * figures. Loaded only when opened (with uPlot); open to signed-out players too, it reads public
 * data only.
 */

import { atom, useAtom } from 'jotai';
import { useState } from 'react';
import { RTP } from '../../../shared/constants';
import { coinsToHundredths } from '../../../shared/money';
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
import { formatCoins, formatPercent } from '../../i18n/format';
import { Button } from '../../pixel';
import { Modal } from '../modals/Modal';
import { BalanceChart } from './BalanceChart';
import { RunRounds, useOpenRound } from './RunRounds';
import './lab.css';
import { useT } from '../../i18n/i18n';

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

/** The form and the last result outlive the dialog: a round's fairness data replaces it, and the lab opens again as it was. */
const kindAtom = atom<Kind>('martingale');
const fieldsAtom = atom(FIELDS);
const sourceAtom = atom(EXAMPLE_STRATEGY);
const resultAtom = atom<Result | null>(null);

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
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} title={t('nav.lab')} className="modal-wide">
      <Lab />
    </Modal>
  );
}

function Lab() {
  const t = useT();
  const [kind, setKind] = useAtom(kindAtom);
  const [fields, setFields] = useAtom(fieldsAtom);
  const [source, setSource] = useAtom(sourceAtom);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useAtom(resultAtom);
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
    if (!start || !(count >= 1 && count <= MAX_ROUNDS)) return setError(t('lab.giveStart', { max: MAX_ROUNDS }));
    setRunning(true);
    setError(null);
    setResult(null);
    try {
      setStatus(t('lab.fetching'));
      const verified = await loadVerifiedRounds(count, (done) => setStatus(`Verified ${done} rounds…`));
      if (verified.failure) return setError(t('lab.failedCheck', { failure: verified.failure }));
      setStatus(t('lab.replaying'));
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
      <p>{t('lab.intro', { rtp: RTP * 100 })}</p>
      <div className="lab-form">
        <label className="lab-strategy">
          {t('lab.strategy')}
          <select name="kind" value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
            <option value="fixed">{t('lab.fixed')}</option>
            <option value="martingale">{t('lab.martingale')}</option>
            <option value="rules">{t('lab.rules')}</option>
            <option value="custom">{t('lab.custom')}</option>
          </select>
        </label>
        {field('start', t('lab.start'))}
        {field('rounds', t('lab.rounds', { max: MAX_ROUNDS }))}
        {kind !== 'custom' && field('stake', t('lab.stake'))}
        {kind !== 'custom' && field('target', t('lab.target'))}
        {kind === 'rules' &&
          (Object.keys(RULE_FIELDS) as (keyof RuleTexts)[]).map((name) => field(name, t(RULE_FIELDS[name])))}
      </div>
      {kind === 'custom' && (
        <>
          <p>{t('lab.sandbox')}</p>
          <textarea
            className="lab-code"
            aria-label={t('lab.code')}
            spellCheck={false}
            value={source}
            onChange={(event) => setSource(event.target.value)}
          />
        </>
      )}
      <Button color="green" onClick={() => void run()} disabled={running}>
        {t('lab.run')}
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
  const t = useT();
  const { verified, outcomes, stopped, figures: f } = result;
  const openRound = useOpenRound(verified, outcomes);
  const x = outcomes.map((_, i) => i + 1);
  const y = outcomes.map((outcome) => outcome.balance / 100);
  const rtp = f.rtp === null ? '—' : formatPercent(f.rtp);
  const first = verified.rounds[0]?.gameId;
  const last = verified.rounds.at(-1)?.gameId;
  return (
    <div data-testid="lab-result">
      <p data-testid="lab-verified">
        {t('lab.verified', { verified: verified.verified, checked: verified.checked })}
        {verified.unchecked.length > 0 && t('lab.unchecked', { unchecked: verified.unchecked.length })}
        {verified.voided > 0 && t('lab.voided', { voided: verified.voided })}
        {t('lab.range', { first, last })}
      </p>
      <BalanceChart
        x={[0, ...x]}
        y={[f.start / 100, ...y]}
        xLabel={t('lab.roundOfRun')}
        onPick={(point) => point > 0 && openRound(point - 1)}
      />
      <dl className="lab-figures" data-testid="lab-figures">
        <Figure name="final" label={t('lab.final')} value={f.final} text={formatCoins(f.final)} />
        <Figure name="drawdown" label={t('lab.drawdown')} value={f.maxDrawdown} text={formatCoins(f.maxDrawdown)} />
        <Figure
          name="streak"
          label={t('lab.streak')}
          value={f.longestLosingStreak}
          text={String(f.longestLosingStreak)}
        />
        <Figure
          name="bets"
          label={t('stats.bets')}
          value={f.bets}
          text={t('lab.betsWon', { bets: f.bets, wins: f.wins })}
        />
        <Figure name="wagered" label={t('stats.wagered')} value={f.wagered} text={formatCoins(f.wagered)} />
        <Figure name="rtp" label={t('lab.rtp', { rtp: RTP * 100 })} value={f.rtp ?? ''} text={rtp} />
      </dl>
      <p data-testid="lab-stopped">
        {stopped ? t('lab.stopped', { reason: stopped }) : t('lab.playedAll', { rounds: outcomes.length })}
      </p>
      <RunRounds outcomes={outcomes} onOpen={openRound} />
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
