/**
 * Every modal of the page, shown by openModalAtom (one at a time). Each loads when it is first
 * opened, so none of them (the bet history, the fairness checks and settlement proofs, the sign-in
 * and limits forms, the rules) weighs on the first visit's JavaScript (docs/benchmarks/lighthouse.md).
 */

import { useAtom } from 'jotai';
import { lazy, Suspense, type LazyExoticComponent, type ReactNode } from 'react';
import { openModalAtom, type ModalName } from '../../state/modalAtom';

type ModalComponent = (props: { open: boolean; onClose(): void }) => ReactNode;

const MODALS: Record<ModalName, LazyExoticComponent<ModalComponent>> = {
  profile: lazy(() => import('./ProfileModal').then((module) => ({ default: module.ProfileModal }))),
  bets: lazy(() => import('./BetsModal').then((module) => ({ default: module.BetsModal }))),
  referral: lazy(() => import('./ReferralModal').then((module) => ({ default: module.ReferralModal }))),
  rules: lazy(() => import('./RulesModal').then((module) => ({ default: module.RulesModal }))),
  fairness: lazy(() => import('./FairnessModal').then((module) => ({ default: module.FairnessModal }))),
  lab: lazy(() => import('../lab/LabModal')),
};

export function Modals() {
  const [open, setOpen] = useAtom(openModalAtom);
  if (open === null) return null;
  const Shown = MODALS[open];
  return (
    <Suspense>
      <Shown open onClose={() => setOpen(null)} />
    </Suspense>
  );
}
