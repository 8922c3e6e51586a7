/**
 * Every modal of the page, shown by openModalAtom (one at a time). None is in the first visit's
 * JavaScript (the bet history, the fairness checks and settlement proofs, the sign-in and limits
 * forms, the rules; docs/benchmarks/lighthouse.md): their code is fetched once the page is idle
 * after its first paint, so a tap opens one at once; one opened before that shows when its code is
 * here. The strategy lab, with its chart library, loads only when it is first opened.
 */

import { useAtom } from 'jotai';
import { createElement, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { openModalAtom, type ModalName } from '../../state/modalAtom';

type ModalProps = { open: boolean; onClose(): void };
type ModalComponent = (props: ModalProps) => ReactNode;

/** A modal whose code loads on demand: `fetch` loads it (once); `Modal` shows it at once when it is here, else once it is. */
function onDemand(load: () => Promise<ModalComponent>) {
  let loaded: ModalComponent | null = null;
  let loading: Promise<ModalComponent> | null = null;
  const fetch = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Stand = lazy(() => fetch().then((component) => ({ default: component })));
  const Modal = (props: ModalProps) => (loaded ? createElement(loaded, props) : <Stand {...props} />);
  return { fetch, Modal };
}

const MODALS: Record<ModalName, ReturnType<typeof onDemand>> = {
  profile: onDemand(() => import('./ProfileModal').then((module) => module.ProfileModal)),
  bets: onDemand(() => import('./BetsModal').then((module) => module.BetsModal)),
  referral: onDemand(() => import('./ReferralModal').then((module) => module.ReferralModal)),
  rules: onDemand(() => import('./RulesModal').then((module) => module.RulesModal)),
  fairness: onDemand(() => import('./FairnessModal').then((module) => module.FairnessModal)),
  lab: onDemand(() => import('../lab/LabModal').then((module) => module.default)),
};

/** Fetched when the page is idle: every modal but the lab. */
const PREFETCHED: ModalName[] = ['profile', 'bets', 'referral', 'rules', 'fairness'];

export function Modals() {
  const [open, setOpen] = useAtom(openModalAtom);
  useEffect(() => {
    const fetchAll = () => {
      for (const name of PREFETCHED) MODALS[name].fetch().catch(() => undefined);
    };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(fetchAll, 2000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(fetchAll, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }, []);
  if (open === null) return null;
  const { Modal } = MODALS[open];
  return (
    <Suspense>
      <Modal open onClose={() => setOpen(null)} />
    </Suspense>
  );
}
