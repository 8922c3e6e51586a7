/**
 * The profile button (docs/spec.md §2 and "Decisions on the spec's open points"): 'Loading...', the balance followed by ' $', or
 * 'Login'; 'Server offline' while the first profile fetch keeps failing (it is retried).
 */

import { useAtomValue, useSetAtom } from 'jotai';
import { openModalAtom } from '../../state/modalAtom';
import { profileAtom, profileLoadingAtom, profileUnreachableAtom } from '../../state/profileAtom';
import { accessTokenAtom } from '../../state/sessionAtom';
import { t, useT } from '../../i18n/i18n';
import { formatCoins } from '../../i18n/format';
import { Button } from '../../pixel';

export function profileLabel(
  signedIn: boolean,
  loading: boolean,
  balance: number | null,
  unreachable: boolean,
): string {
  if (!signedIn) return t('header.login');
  if (balance === null && unreachable) return t('header.serverOffline');
  if (loading || balance === null) return t('common.loading');
  return `${formatCoins(balance)} $`;
}

export function ProfileButton({ onPick }: { onPick?(): void }) {
  // Renders again when the language changes.
  useT();
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  const loading = useAtomValue(profileLoadingAtom);
  const balance = useAtomValue(profileAtom)?.balanceAmount ?? null;
  const unreachable = useAtomValue(profileUnreachableAtom);
  const open = useSetAtom(openModalAtom);
  return (
    <Button
      color={signedIn ? 'purple-rounded' : 'green'}
      className="hud-profile-button"
      data-testid="profile-button"
      onClick={() => {
        open('profile');
        onPick?.();
      }}
    >
      {profileLabel(signedIn, loading, balance, unreachable)}
    </Button>
  );
}
