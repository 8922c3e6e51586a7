/**
 * The keyboard shortcuts (docs/hud.md "Player tools"), when the player has turned them on: Space
 * presses the first panel's main button and Shift+Space the second's; C doubles and X halves the
 * amount of the panel that has the focus (the first when none has). Never while typing in a field,
 * with a dialog open, or with Ctrl, Alt or Meta held.
 */

import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { pressMain } from '../panels/controller';
import { scaleAmount } from '../panels/edits';
import { hotkeysAtom } from '../state/hotkeysAtom';
import { openModalAtom } from '../state/modalAtom';
import { store } from '../state/store';

type Hotkey = { press: number } | { scale: 2 | 0.5; panel: number };

/** The keys as the rules list them, each with its action's key in the catalogue. */
export const HOTKEYS = [
  ['Space', 'hotkeys.space'],
  ['Shift + Space', 'hotkeys.shiftSpace'],
  ['C', 'hotkeys.c'],
  ['X', 'hotkeys.x'],
] as const;

type KeyLike = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey'> & {
  target: EventTarget | null;
};

/** True when the key goes to something the player types in. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type);
}

/** The panel (0 or 1) the focus is in, else the first. */
function focusedPanel(target: EventTarget | null): number {
  const panel = target instanceof HTMLElement ? target.closest<HTMLElement>('[data-panel]') : null;
  return Number(panel?.dataset.panel ?? 0);
}

export function hotkeyOf(event: KeyLike): Hotkey | null {
  if (event.ctrlKey || event.altKey || event.metaKey || typing(event.target)) return null;
  if (event.key === ' ') return { press: event.shiftKey ? 1 : 0 };
  const key = event.key.toLowerCase();
  if (key === 'c' || key === 'x') return { scale: key === 'c' ? 2 : 0.5, panel: focusedPanel(event.target) };
  return null;
}

function run(hotkey: Hotkey): void {
  if ('press' in hotkey) return void pressMain(hotkey.press);
  scaleAmount(hotkey.panel, hotkey.scale);
}

/** Listens for the shortcuts while they are on. A key a panel already took (its own Space) is left to it. */
export function useHotkeys(): void {
  const on = useAtomValue(hotkeysAtom) === 'on';
  useEffect(() => {
    if (!on) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || store.get(openModalAtom) !== null) return;
      const hotkey = hotkeyOf(event);
      if (!hotkey) return;
      event.preventDefault();
      if (!event.repeat) run(hotkey);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [on]);
}
