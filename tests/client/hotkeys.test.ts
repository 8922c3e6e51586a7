// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hotkeyOf } from '../../src/client/hud/hotkeys';
import { scaledAmount } from '../../src/client/panels/amountText';

const key = (key: string, target: EventTarget | null = document.body, extra: Partial<KeyboardEvent> = {}) =>
  hotkeyOf({ key, target, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...extra });

describe('hotkeys', () => {
  it('presses the first panel on Space and the second on Shift+Space', () => {
    expect(key(' ')).toEqual({ press: 0 });
    expect(key(' ', document.body, { shiftKey: true })).toEqual({ press: 1 });
  });

  it('doubles and halves the amount of the panel with the focus, else the first', () => {
    document.body.innerHTML = '<div data-panel="1"><button id="in">+10</button></div>';
    expect(key('c', document.getElementById('in'))).toEqual({ scale: 2, panel: 1 });
    expect(key('X')).toEqual({ scale: 0.5, panel: 0 });
    expect(scaledAmount('200', 2)).toBe(40_000);
    expect(scaledAmount('15', 0.5)).toBe(1000);
    expect(scaledAmount('12.35', 0.5)).toBe(1000);
    expect(scaledAmount('25.55', 0.5)).toBe(1277);
  });

  it('never acts while typing, nor with Ctrl, Alt or Meta', () => {
    document.body.innerHTML = '<input id="amount"><textarea id="code"></textarea><input id="switch" type="checkbox">';
    expect(key(' ', document.getElementById('amount'))).toBeNull();
    expect(key('c', document.getElementById('code'))).toBeNull();
    expect(key(' ', document.getElementById('switch'))).toEqual({ press: 0 });
    expect(key('c', document.body, { ctrlKey: true })).toBeNull();
    expect(key('x', document.body, { metaKey: true })).toBeNull();
    expect(key('a')).toBeNull();
  });
});
