/**
 * The profile modal's 'Limits' part (docs/architecture.md "House limits"): deposit, loss and wager limits per day,
 * week and month with the raises still waiting, the reality check's interval, and self-exclusion.
 */

import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import {
  EXCLUSION_DURATIONS,
  LIMIT_KINDS,
  LIMIT_NAMES,
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  limitName,
  type ExclusionDuration,
  type LimitName,
  type PlayerLimitsUpdate,
  type RealityCheckMinutes,
} from '../../../shared/protocol';
import { excludeSelf, loadLimits, saveLimits } from '../../game/limits';
import { limitsAtom } from '../../state/limitsAtom';
import { typedHundredths } from '../../../shared/money';
import { amountText } from '../../panels/amountText';
import { formatCoins, formatDateTime } from '../../i18n/format';
import { Button } from '../../pixel';
import { useLoad } from '../../useLoad';
import './limits.css';
import { useT } from '../../i18n/i18n';

/** The catalogue's word for each period. */
const PERIOD_WORDS = { day: 'limits.daily', week: 'limits.weekly', month: 'limits.monthly' } as const;

export function LimitsPart() {
  const t = useT();
  const [loaded] = useLoad(loadLimits);
  const limits = useAtomValue(limitsAtom);
  const [texts, setTexts] = useState<Partial<Record<LimitName, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [duration, setDuration] = useState<ExclusionDuration>('24h');
  if (loaded.state === 'failed') return <p className="modal-error">{loaded.message}</p>;
  if (!limits) return <p>{t('common.loading')}</p>;

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
      // Typed in coins, sent in hundredths; more than two decimals is refused, never cut.
      const hundredths = text.trim() === '' ? null : typedHundredths(text);
      if (hundredths === 'decimals') return setMessage(t('limits.decimals'));
      if (hundredths === null && text.trim() !== '') return setMessage(t('limits.notAmount'));
      update[name] = hundredths;
    }
    run(() => saveLimits(update).then(() => setTexts({})), t('limits.saved'));
  };
  const exclusion = limits.exclusion;
  return (
    <section className="limits" aria-label={t('limits.title')}>
      <h3 className="limits-title">{t('limits.title')}</h3>
      <form onSubmit={submit}>
        <table className="limits-table">
          <thead>
            <tr>
              <th scope="col">{t('limits.limit')}</th>
              {LIMIT_PERIODS.map((period) => (
                <th key={period} scope="col">
                  {t(PERIOD_WORDS[period])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LIMIT_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{t(`limits.${kind}`)}</th>
                {LIMIT_PERIODS.map((period) => {
                  const name = limitName(kind, period);
                  const pending = limits.pending[name];
                  return (
                    <td key={name}>
                      <input
                        className="modal-input limits-input"
                        aria-label={t('limits.inputName', {
                          period: t(PERIOD_WORDS[period]),
                          kind: t(`limits.kindNames.${kind}`),
                        })}
                        inputMode="decimal"
                        placeholder={t('limits.none')}
                        value={texts[name] ?? (limits.limits[name] === null ? '' : amountText(limits.limits[name]))}
                        onChange={(event) => setTexts({ ...texts, [name]: event.target.value })}
                      />
                      {pending && (
                        <span className="limits-pending">
                          {t('limits.pendingFrom', {
                            amount: pending.amount === null ? t('limits.none') : formatCoins(pending.amount),
                            when: formatDateTime(pending.at),
                          })}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="limits-note">{t('limits.note', { timeZone: limits.timeZone })}</p>
        <label className="limits-row">
          {t('limits.realityCheck')}
          <select
            className="modal-input"
            value={limits.realityCheckMinutes}
            onChange={(event) =>
              run(
                () => saveLimits({ realityCheckMinutes: Number(event.target.value) as RealityCheckMinutes }),
                t('limits.realityCheckSaved'),
              )
            }
          >
            {REALITY_CHECK_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0 ? t('limits.off') : t('limits.everyMinutes', { minutes })}
              </option>
            ))}
          </select>
        </label>
        <div className="modal-actions">
          <Button type="submit" loading={busy}>
            {t('limits.save')}
          </Button>
        </div>
      </form>
      {exclusion ? (
        <p className="limits-excluded">
          {exclusion.until === null
            ? t('limits.excludedPermanently')
            : t('limits.excludedUntil', { when: formatDateTime(exclusion.until) })}
        </p>
      ) : (
        <div className="limits-row">
          <select
            className="modal-input"
            aria-label={t('limits.selfExclusion')}
            value={duration}
            onChange={(event) => setDuration(event.target.value as ExclusionDuration)}
          >
            {EXCLUSION_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {d === 'permanent' ? t('limits.permanently') : t('limits.forDuration', { duration: t(`limits.durations.${d}`) })}
              </option>
            ))}
          </select>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              const question =
                duration === 'permanent' ? t('limits.confirmPermanent') : t('limits.confirmFor', { duration: t(`limits.durations.${duration}`) });
              if (window.confirm(question)) run(() => excludeSelf(duration), t('limits.excluded'));
            }}
          >
            {t('limits.excludeMe')}
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
