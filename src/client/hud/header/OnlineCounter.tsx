/** Players online right now (docs/spec.md, "Decisions on the spec's open points": the real count, 1.6k from 1000 up). */

import { useAtomValue } from 'jotai';
import { onlineAtom } from '../../state/onlineAtom';
import { formatOnline } from '../../i18n/format';
import { useT } from '../../i18n/i18n';

export function OnlineCounter() {
  const t = useT();
  const online = useAtomValue(onlineAtom);
  return (
    <span className="hud-online" title={t('header.playersOnline')} data-testid="online">
      <span className="hud-online-dot" aria-hidden="true" />
      {online === null ? '…' : formatOnline(online)}
      <span className="hud-sr">{t('header.online')}</span>
    </span>
  );
}
