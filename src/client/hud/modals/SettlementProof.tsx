/**
 * The settlement part of the Provably Fair dialog (docs/provably-fair.md "In the page"): the round's
 * settlement root (the one seen live, else the published one), the player's receipt of the bet the
 * dialog was opened from (seen and accepted rates, the latency, the signature), that bet's proof,
 * any bet's proof on request, and the last hour's latency over all players. The checking code is
 * loaded when a check runs.
 */

import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import type { Receipt, ReceiptPayload } from '../../../shared/protocol';
import { latencyMs } from '../../../shared/growth';
import { api } from '../../net/api';
import type { FairnessRound } from '../../state/modalAtom';
import { receiptsAtom } from '../../state/receiptsAtom';
import { liveRootsAtom } from '../../state/settlementAtom';
import { formatRate } from '../../i18n/format';
import { useT, t } from '../../i18n/i18n';
import { Check, Field } from './FairnessParts';
import type { CheckResult } from './fairnessChecks';
import { useLoad } from '../../useLoad';

/** The root of round `gameId`: the one seen live, else the one published, else null. */
async function rootOf(gameId: string, live: ReadonlyMap<string, string>): Promise<string | null> {
  const seen = live.get(gameId);
  if (seen) return seen;
  const round = await api.get('/game/round/:gameId', { params: { gameId } });
  return round.settlementRoot ?? null;
}

/** Whether bet `betId`'s proof holds against its round's root. */
async function checkBet(betId: string, live: ReadonlyMap<string, string>): Promise<CheckResult> {
  const { proofOf, holds } = await import('../../proof/verify');
  const proof = await proofOf(betId);
  if (!proof) return { ok: null, detail: t('fairness.noProof') };
  const root = await rootOf(proof.gameId, live);
  if (!root) return { ok: null, detail: t('fairness.noProof') };
  const source = live.has(proof.gameId) ? t('fairness.rootSeenLive') : t('fairness.rootPublished');
  return holds(proof, betId, root)
    ? { ok: true, detail: t('fairness.betInRoot', { id: betId, round: proof.gameId, source }) }
    : { ok: false, detail: t('fairness.betNotInRoot', { id: betId, round: proof.gameId, source }) };
}

export function SettlementProof({ round }: { round: FairnessRound }) {
  const t = useT();
  const live = useAtomValue(liveRootsAtom);
  const receipts = useAtomValue(receiptsAtom);
  const [root, setRoot] = useState<string | null>(null);
  const { gameId, betId } = round;
  useEffect(() => {
    let open = true;
    if (gameId && round.salt !== null)
      void rootOf(gameId, live).then(
        (found) => open && setRoot(found),
        () => undefined,
      );
    return () => {
      open = false;
    };
  }, [gameId, round.salt, live]);
  const receipt = betId ? receipts[betId] : undefined;
  return (
    <>
      <Field label={t('fairness.settlementRoot')} value={root ?? t('fairness.published')} />
      {receipt && <ReceiptLines receipt={receipt} />}
      {betId && root && (
        <Check key={`${betId}|${root}`} label={t('fairness.checkOwnBet')} run={() => checkBet(betId, live)} />
      )}
      <BetChecker live={live} />
      <Latency />
    </>
  );
}

function ReceiptLines({ receipt }: { receipt: Receipt }) {
  const t = useT();
  const facts = JSON.parse(receipt.payload) as ReceiptPayload;
  const { seenRate, acceptedRate } = facts;
  const accepted = acceptedRate === null ? t('fairness.refused') : formatRate(acceptedRate);
  return (
    <>
      <Field
        label={t('fairness.yourCashOut')}
        value={t('fairness.seenAccepted', { seen: seenRate === null ? '–' : formatRate(seenRate), accepted })}
      />
      {seenRate !== null && acceptedRate !== null && (
        <Field
          label={t('fairness.latency')}
          value={t('fairness.latencyMs', { ms: latencyMs(seenRate, acceptedRate) })}
        />
      )}
      <Check key={receipt.signature} label={t('fairness.checkReceipt')} run={() => checkReceipt(receipt)} />
    </>
  );
}

async function checkReceipt(receipt: Receipt): Promise<CheckResult> {
  const [{ receiptSigner }, keys] = await Promise.all([import('../../proof/verify'), api.get('/fairness/keys')]);
  const key = await receiptSigner(receipt, keys);
  return key
    ? { ok: true, detail: t('fairness.receiptSigned', { key }) }
    : { ok: false, detail: t('fairness.receiptForged') };
}

/** Anyone's bet, by id, against its round's root. */
function BetChecker({ live }: { live: ReadonlyMap<string, string> }) {
  const t = useT();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (/^[1-9]\d{0,15}$/.test(text.trim())) setAsked(text.trim());
  };
  return (
    <form className="modal-field" onSubmit={submit}>
      <label className="modal-field-label" htmlFor="fairness-bet-id">
        {t('fairness.checkBet')}
      </label>
      <input id="fairness-bet-id" inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit">{t('fairness.check')}</button>
      {asked && <Check key={asked} label={t('fairness.betLabel', { id: asked })} run={() => checkBet(asked, live)} />}
    </form>
  );
}

function Latency() {
  const t = useT();
  const [latency] = useLoad(() => api.get('/fairness/latency'));
  if (latency.state !== 'done' || latency.value.p50Ms === null) return null;
  const { p50Ms, p99Ms, count } = latency.value;
  return (
    <Field
      label={t('fairness.latencyAll')}
      value={t('fairness.latencyPercentiles', { p50: p50Ms, p99: p99Ms, count })}
    />
  );
}
