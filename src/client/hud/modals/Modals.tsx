/** Every modal of the page, shown by openModalAtom (one at a time). */

import { useAtom } from 'jotai';
import { openModalAtom } from '../../state/modalAtom';
import { BetsModal } from './BetsModal';
import { FairnessModal } from './FairnessModal';
import { ProfileModal } from './ProfileModal';
import { ReferralModal } from './ReferralModal';
import { RulesModal } from './RulesModal';

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
    </>
  );
}
