/**
 * The profile button (docs/spec.md §2 and "Decisions on the spec's open points"): 'Loading...', the balance followed by ' $', or
 * 'Login'; 'Server offline' while the first profile fetch keeps failing (it is retried).
 */

import { useAtomValue, useSetAtom } from 'jotai';
import { formatCoins } from '../../../shared/money';
import { openModalAtom } from '../../state/modalAtom';
import { profileAtom, profileLoadingAtom, profileUnreachableAtom } from '../../state/profileAtom';
import { accessTokenAtom } from '../../state/sessionAtom';
import { Button } from '../pixel';

/** What the button reads while the profile cannot be fetched. */
const SERVER_OFFLINE = 'Server offline';

export function profileLabel(
  signedIn: boolean,
  loading: boolean,
  balance: number | null,
  unreachable: boolean,
): string {
  if (!signedIn) return 'Login';
  if (balance === null && unreachable) return SERVER_OFFLINE;
  if (loading || balance === null) return 'Loading...';
  return `${formatCoins(balance)} $`;
}

export function ProfileButton({ onPick }: { onPick?(): void }) {
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
