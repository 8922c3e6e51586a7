/**
 * The profile modal (docs/spec.md §2): 'Your profile' with the balance, Logout and the wallet's Deposit and
 * Withdraw, or 'Connect your wallet' with the wallet's way in and the email form as the second one.
 */

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { signOut } from '../../game/session';
import { profileAtom } from '../../state/profileAtom';
import { accessTokenAtom } from '../../state/sessionAtom';
import { formatCoins } from '../../i18n/format';
import { Button } from '../../pixel';
import { EmailSignIn } from './EmailSignIn';
import { Modal } from './Modal';
import { WalletSlot } from './WalletSlot';
import { LimitsPart } from '../limits/LimitsPart';
import { useT } from '../../i18n/i18n';

export function ProfileModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  return (
    <Modal open={open} onClose={onClose} title={signedIn ? t('profile.title') : t('profile.connectTitle')}>
      {signedIn ? (
        <>
          <ProfileSummary />
          <WalletSlot />
          <LimitsPart />
        </>
      ) : (
        <>
          <WalletSlot />
          <EmailSignIn />
        </>
      )}
    </Modal>
  );
}

/** Who is signed in, their balance, and Logout. */
function ProfileSummary() {
  const t = useT();
  const profile = useAtomValue(profileAtom);
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="profile-summary">
      <div className="modal-field">
        <span className="modal-field-label">{t('profile.player')}</span>
        <span>{profile?.nickname ?? t('common.loading')}</span>
      </div>
      <div className="modal-field">
        <span className="modal-field-label">{t('profile.balance')}</span>
        <span className="profile-balance">
          {profile ? `${formatCoins(profile.balanceAmount)} $` : t('common.loading')}
        </span>
      </div>
      <div className="modal-actions">
        <Button
          color="red"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut().finally(() => setLeaving(false));
          }}
        >
          {t('profile.logout')}
        </Button>
      </div>
    </div>
  );
}
