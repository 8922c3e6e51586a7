/** The header (docs/spec.md §2): logo, navigation chips, online count, connection, sound, profile button and the menu. */

import { useState } from 'react';
import { ConnectionStatus } from './ConnectionStatus';
import { LanguagePicker } from './LanguagePicker';
import { NavChips } from './NavChips';
import { OnlineCounter } from './OnlineCounter';
import { ProfileButton } from './ProfileButton';
import { SideMenu } from './SideMenu';
import { SoundToggle } from './SoundToggle';
import './header.css';
import { useT } from '../../i18n/i18n';

export function Header() {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="app-header hud-header">
      <h1 className="hud-sr">{t('header.title')}</h1>
      <a className="hud-logo" href="/" aria-label={t('header.home')}>
        <span className="hud-logo-moon" aria-hidden="true" />
        <span className="hud-logo-text">moonrush</span>
      </a>
      <nav className="hud-nav" aria-label={t('header.mainNav')}>
        <NavChips />
        <LanguagePicker />
      </nav>
      <div className="hud-header-right">
        <OnlineCounter />
        <ConnectionStatus />
        <SoundToggle />
        <span className="hud-header-profile">
          <ProfileButton />
        </span>
        <button
          type="button"
          className="hud-menu-button"
          aria-label={t('header.menu')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <span />
          <span />
          <span />
        </button>
      </div>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
