/** Every modal of the page, shown by openModalAtom (one at a time). */

import { useAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { openModalAtom } from '../../state/modalAtom';
import { BetsModal } from './BetsModal';
import { FairnessModal } from './FairnessModal';
import { ProfileModal } from './ProfileModal';
import { ReferralModal } from './ReferralModal';
import { RulesModal } from './RulesModal';

/** The strategy lab and its chart library load only when it is first opened. */
const LabModal = lazy(() => import('../lab/LabModal'));

export function Modals() {
  const [open, setOpen] = useAtom(openModalAtom);
  const close = () => setOpen(null);
  return (
    <>
      <ProfileModal open={open === 'profile'} onClose={close} />
      <BetsModal open={open === 'bets'} onClose={close} />
      <ReferralModal open={open === 'referral'} onClose={close} />
      <RulesModal open={open === 'rules'} onClose={close} />
      <FairnessModal open={open === 'fairness'} onClose={close} />
      {open === 'lab' && (
        <Suspense>
          <LabModal open onClose={close} />
        </Suspense>
      )}
    </>
  );
}
