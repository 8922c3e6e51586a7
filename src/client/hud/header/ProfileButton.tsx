/** The profile button (spec §2, architecture §9): 'Loading...', the balance followed by ' $', or 'Login'. */

import { useAtomValue, useSetAtom } from 'jotai';
import { formatCoins } from '../../../shared/money';
import { openModalAtom } from '../../state/modalAtom';
import { profileAtom, profileLoadingAtom } from '../../state/profileAtom';
import { accessTokenAtom } from '../../state/sessionAtom';
import { Button } from '../pixel';

export function profileLabel(signedIn: boolean, loading: boolean, balance: number | null): string {
  if (!signedIn) return 'Login';
  if (loading || balance === null) return 'Loading...';
  return `${formatCoins(balance)} $`;
}

export function ProfileButton({ onPick }: { onPick?(): void }) {
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  const loading = useAtomValue(profileLoadingAtom);
  const balance = useAtomValue(profileAtom)?.balanceAmount ?? null;
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
      {profileLabel(signedIn, loading, balance)}
    </Button>
  );
}
