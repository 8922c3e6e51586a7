/** The header's sound switch: a pixel speaker button that flips the remembered preference. */

import { useAtom } from 'jotai';
import { playSound } from '../../audio';
import { soundEnabledAtom } from '../../state/soundAtom';
import { Button } from '../../pixel';
import { tileUrl } from '../../pixel/tiles';
import { useT } from '../../i18n/i18n';

export function SoundToggle() {
  const t = useT();
  const [enabled, setEnabled] = useAtom(soundEnabledAtom);
  const label = enabled ? t('header.soundOn') : t('header.soundOff');
  return (
    <Button
      className="sound-toggle"
      aria-pressed={enabled}
      aria-label={label}
      title={label}
      onClick={() => {
        setEnabled(!enabled);
        if (!enabled) playSound('click');
      }}
    >
      <img
        src={tileUrl(enabled ? 'icon-sound-on' : 'icon-sound-off')}
        alt=""
        width={24}
        height={24}
        draggable={false}
      />
    </Button>
  );
}
