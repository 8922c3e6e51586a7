/** The hotkeys switch (docs/hud.md "Player tools"): in the menu, and in the rules' Hotkeys section where the desktop header has no menu. */

import { useAtom } from 'jotai';
import { hotkeysAtom } from '../../state/hotkeysAtom';
import { Toggle } from '../../pixel';
import { useT } from '../../i18n/i18n';

export function HotkeysToggle() {
  const t = useT();
  const [hotkeys, setHotkeys] = useAtom(hotkeysAtom);
  return (
    <Toggle label={t('header.hotkeys')} checked={hotkeys === 'on'} onChange={(on) => setHotkeys(on ? 'on' : 'off')} />
  );
}
