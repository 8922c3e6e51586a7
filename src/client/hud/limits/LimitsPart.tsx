/**
 * The profile modal's 'Limits' part (docs/architecture.md "House limits"): deposit, loss and wager limits per day,
 * week and month with the raises still waiting, the reality check's interval, and self-exclusion.
 */

import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import {
  EXCLUSION_DURATIONS,
  LIMIT_NAMES,
  REALITY_CHECK_MINUTES,
  type ExclusionDuration,
  type LimitName,
  type PlayerLimitsUpdate,
  type RealityCheckMinutes,
} from '../../../shared/protocol';
import { excludeSelf, loadLimits, saveLimits } from '../../net/limits';
import { limitsAtom } from '../../state/limitsAtom';
import { Button } from '../pixel';
import { useRequest } from '../modals/useRequest';
import './limits.css';

const KINDS = ['deposit', 'loss', 'wager'] as const;
const PERIODS = ['Daily', 'Weekly', 'Monthly'] as const;
const when = (ms: number) => new Date(ms).toLocaleString();

export function LimitsPart() {
  const loaded = useRequest(loadLimits);
  const limits = useAtomValue(limitsAtom);
  const [texts, setTexts] = useState<Partial<Record<LimitName, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [duration, setDuration] = useState<ExclusionDuration>('24h');
  if (loaded.state === 'failed') return <p className="modal-error">{loaded.message}</p>;
  if (!limits) return <p>Loading...</p>;

  const run = (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setMessage(null);
    action()
      .then(
        () => setMessage(done),
        (error: Error) => setMessage(error.message),
      )
      .finally(() => setBusy(false));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const update: PlayerLimitsUpdate = {};
    for (const name of LIMIT_NAMES) {
      const text = texts[name];
      if (text === undefined) continue;
      update[name] = text.trim() === '' ? null : Number(text.replace(',', '.'));
    }
    run(() => saveLimits(update).then(() => setTexts({})), 'Limits saved');
  };
  const exclusion = limits.exclusion;
  return (
    <section className="limits" aria-label="Limits">
      <h3 className="limits-title">Limits</h3>
      <form onSubmit={submit}>
        <table className="limits-table">
          <thead>
            <tr>
              <th scope="col">Limit</th>
              {PERIODS.map((period) => (
                <th key={period} scope="col">
                  {period}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{kind[0]!.toUpperCase() + kind.slice(1)}</th>
                {PERIODS.map((period) => {
                  const name = `${kind}${period}` as LimitName;
                  const pending = limits.pending[name];
                  return (
                    <td key={name}>
                      <input
                        className="modal-input limits-input"
                        aria-label={`${period} ${kind} limit`}
                        inputMode="decimal"
                        placeholder="none"
                        value={texts[name] ?? (limits.limits[name] === null ? '' : String(limits.limits[name]))}
                        onChange={(event) => setTexts({ ...texts, [name]: event.target.value })}
                      />
                      {pending && (
                        <span className="limits-pending">
                          {pending.amount === null ? 'none' : pending.amount} from {when(pending.at)}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="limits-note">
          Amounts in coins; periods follow the calendar in {limits.timeZone}. A lower limit applies at once, a higher
          one or a removal after 24 hours.
        </p>
        <label className="limits-row">
          Reality check
          <select
            className="modal-input"
            value={limits.realityCheckMinutes}
            onChange={(event) =>
              run(
                () => saveLimits({ realityCheckMinutes: Number(event.target.value) as RealityCheckMinutes }),
                'Reality check saved',
              )
            }
          >
            {REALITY_CHECK_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0 ? 'off' : `every ${minutes} minutes`}
              </option>
            ))}
          </select>
        </label>
        <div className="modal-actions">
          <Button type="submit" loading={busy}>
            Save limits
          </Button>
        </div>
      </form>
      {exclusion ? (
        <p className="limits-excluded">
          You have excluded yourself from play{' '}
          {exclusion.until === null ? 'permanently' : `until ${when(exclusion.until)}`}.
        </p>
      ) : (
        <div className="limits-row">
          <select
            className="modal-input"
            aria-label="Self-exclusion"
            value={duration}
            onChange={(event) => setDuration(event.target.value as ExclusionDuration)}
          >
            {EXCLUSION_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {d === 'permanent' ? 'permanently' : `for ${d}`}
              </option>
            ))}
          </select>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              const permanent = duration === 'permanent' ? ' This cannot be undone.' : '';
              if (
                window.confirm(
                  `Exclude yourself from play ${duration === 'permanent' ? 'permanently' : `for ${duration}`}?${permanent}`,
                )
              )
                run(() => excludeSelf(duration), 'You are excluded from play');
            }}
          >
            Exclude me
          </Button>
        </div>
      )}
      {message && (
        <p className="limits-message" role="status">
          {message}
        </p>
      )}
    </section>
  );
}
