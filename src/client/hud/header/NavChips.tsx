/** Game Rules and the Strategy Lab always; Bets History and Referral only when signed in (docs/spec.md §2); then the chat (docs/chat.md). Used in the header and the menu. */

import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { chatOpenAtom } from '../../state/chatOpenAtom';
import { openModalAtom, type ModalName } from '../../state/modalAtom';
import { accessTokenAtom } from '../../state/sessionAtom';
import { Chip } from '../../pixel';
import { useT } from '../../i18n/i18n';

const ENTRIES: { label: `nav.${'rules' | 'lab' | 'bets' | 'referral'}`; modal: ModalName; signedIn: boolean }[] = [
  { label: 'nav.rules', modal: 'rules', signedIn: false },
  { label: 'nav.lab', modal: 'lab', signedIn: false },
  { label: 'nav.bets', modal: 'bets', signedIn: true },
  { label: 'nav.referral', modal: 'referral', signedIn: true },
];

/** `onPick` runs after the modal opens (the menu closes itself). */
export function NavChips({ onPick }: { onPick?(): void }) {
  const t = useT();
  const signedIn = useAtomValue(accessTokenAtom) !== null;
  const open = useSetAtom(openModalAtom);
  const [chatOpen, setChatOpen] = useAtom(chatOpenAtom);
  return (
    <>
      {ENTRIES.filter((entry) => signedIn || !entry.signedIn).map((entry) => (
        <Chip
          key={entry.modal}
          color="purple"
          className="hud-nav-chip"
          onClick={() => {
            open(entry.modal);
            onPick?.();
          }}
        >
          {t(entry.label)}
        </Chip>
      ))}
      <Chip
        color="purple"
        className="hud-nav-chip"
        aria-expanded={chatOpen}
        onClick={() => {
          setChatOpen(!chatOpen);
          onPick?.();
        }}
      >
        {t('chat.open')}
      </Chip>
    </>
  );
}
