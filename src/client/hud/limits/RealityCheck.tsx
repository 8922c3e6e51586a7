/**
 * The reality check (docs/architecture.md "House limits"): every interval the player chose, the time played and the
 * net result of this session, with Continue and Stop. Auto-bet waits until the player answers.
 */

import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { loadLimits, sessionResult } from '../../game/limits';
import { answerRealityCheck } from '../../panels/controller';
import { limitsAtom, realityCheckAtom } from '../../state/limitsAtom';
import { accessTokenAtom } from '../../state/sessionAtom';
import { formatCoins } from '../../i18n/format';
import { Button } from '../../pixel';
import { Modal } from '../modals/Modal';
import { useLoad } from '../../useLoad';
import { useT } from '../../i18n/i18n';

export function RealityCheck() {
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  const minutes = useAtomValue(limitsAtom)?.realityCheckMinutes ?? 0;
  const [check, setCheck] = useAtom(realityCheckAtom);

  // A session begins at sign-in; the limits (with the interval) come with it.
  useEffect(() => {
    if (!signedIn) return;
    setCheck({ since: Date.now(), dueAt: null });
    void loadLimits().catch(() => undefined);
  }, [signedIn, setCheck]);

  // The next check comes one interval after the last answer (or the session's start).
  useEffect(() => {
    if (!signedIn || minutes === 0 || check.dueAt !== null || check.since === null) return;
    const timer = setTimeout(() => setCheck((current) => ({ ...current, dueAt: Date.now() })), minutes * 60_000);
    return () => clearTimeout(timer);
  }, [signedIn, minutes, check.dueAt, check.since, setCheck]);

  if (check.dueAt === null || check.since === null) return null;
  return <RealityCheckDialog since={check.since} dueAt={check.dueAt} />;
}

/** The check itself: mounted each time one is due, so it loads this session's result once. */
function RealityCheckDialog({ since, dueAt }: { since: number; dueAt: number }) {
  const t = useT();
  const [result] = useLoad(() => sessionResult(since));
  const played = Math.floor((dueAt - since) / 60_000);
  const net = result.state === 'done' ? result.value.net : null;
  return (
    <Modal open onClose={() => answerRealityCheck(true)} title={t('reality.title')}>
      <p>{t('reality.played', { minutes: played })}</p>
      <p>
        {t('reality.net')}{' '}
        {net === null || result.state !== 'done'
          ? t('common.loading')
          : t('reality.netValue', {
              sign: net < 0 ? '-' : '+',
              amount: formatCoins(Math.abs(net)),
              bets: result.value.bets,
            })}
      </p>
      <div className="modal-actions">
        <Button data-autofocus onClick={() => answerRealityCheck(true)}>
          {t('reality.continue')}
        </Button>
        <Button color="red" onClick={() => answerRealityCheck(false)}>
          {t('reality.stop')}
        </Button>
      </div>
    </Modal>
  );
}
