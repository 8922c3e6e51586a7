/** The slide-in menu (docs/spec.md §2): the same entries as the chips, plus the profile button and the hotkeys switch. */

import { useEffect, useRef } from 'react';
import { HotkeysToggle } from './HotkeysToggle';
import { LanguagePicker } from './LanguagePicker';
import { NavChips } from './NavChips';
import { ProfileButton } from './ProfileButton';
import { useT } from '../../i18n/i18n';

export function SideMenu({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <div className={`hud-menu ${open ? 'hud-menu-open' : ''}`} aria-hidden={!open} inert={!open}>
      <div className="hud-menu-overlay" onClick={onClose} />
      <div ref={panelRef} className="hud-menu-panel" role="dialog" aria-label={t('header.menu')}>
        <button type="button" className="hud-menu-close" aria-label={t('header.closeMenu')} onClick={onClose}>
          ✕
        </button>
        <ProfileButton onPick={onClose} />
        <nav className="hud-menu-entries" aria-label={t('header.menuNav')}>
          <NavChips onPick={onClose} />
        </nav>
        <LanguagePicker />
        <HotkeysToggle />
      </div>
    </div>
  );
}
