/** "Maintenance: <reason>" over the game while an operator has paused it: the round in flight ends, no new one starts. */

import { useAtomValue } from 'jotai';
import { useT } from '../i18n/i18n';
import { maintenanceAtom } from '../state/maintenanceAtom';

export function MaintenanceBanner() {
  const t = useT();
  const reason = useAtomValue(maintenanceAtom);
  if (reason === null) return null;
  return (
    <p className="maintenance-banner" role="status" data-testid="maintenance-banner">
      {t('hud.maintenance', { reason })}
    </p>
  );
}
