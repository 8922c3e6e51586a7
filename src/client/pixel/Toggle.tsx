/** A pixel switch over a real checkbox (role switch): click, tap, Space and the label all flip it. */

import { useId } from 'react';
import { join } from './Box';
import { tileUrl } from './tiles';
import { tileStyle } from './tileStyle';

interface ToggleProps {
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
  disabled?: boolean;
}

export function Toggle({ checked, onChange, label, disabled = false }: ToggleProps) {
  const id = useId();
  return (
    <label className={join('px-toggle', disabled && 'px-toggle-disabled')} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => disabled || onChange(event.target.checked)}
      />
      <span
        className="px-tile px-toggle-track"
        style={tileStyle(checked ? 'toggle-on' : 'toggle-off')}
        aria-hidden="true"
      >
        <span className="px-toggle-knob" style={{ backgroundImage: `url("${tileUrl('toggle-knob')}")` }} />
      </span>
      <span className="px-toggle-label">{label}</span>
    </label>
  );
}
