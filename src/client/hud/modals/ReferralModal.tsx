/** 'Your referral link' (docs/spec.md §2): the site's origin with ?refId={email}; Copy copies it and closes. */

import { useAtomValue } from 'jotai';
import { profileAtom } from '../../state/profileAtom';
import { Button } from '../../pixel';
import { Modal } from './Modal';
import { useT } from '../../i18n/i18n';

function referralLink(origin: string, email: string): string {
  return `${origin}/?refId=${encodeURIComponent(email)}`;
}

export function ReferralModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const profile = useAtomValue(profileAtom);
  const link = profile ? referralLink(window.location.origin, profile.email) : '';
  const copy = async () => {
    await copyText(link);
    onClose();
  };
  return (
    <Modal open={open} onClose={onClose} title={t('referral.title')}>
      <p>{t('referral.share')}</p>
      <div className="modal-value" data-testid="referral-link">
        {link || t('common.loading')}
      </div>
      <div className="modal-actions">
        <Button color="green" disabled={!link} onClick={() => void copy()} data-autofocus>
          {t('referral.copy')}
        </Button>
      </div>
    </Modal>
  );
}

/** The clipboard API where the page may use it, else a selected textarea and execCommand. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}
