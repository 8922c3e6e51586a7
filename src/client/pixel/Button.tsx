/** A pixel button: one tile sheet per colour and look (default, hover, active), a loading flag, a disabled look. */

import { useEffect, type ComponentProps } from 'react';
import { join } from './Box';
import type { ButtonColor } from './tiles';
import { preloadTiles, tileStyle } from './tileStyle';
import { useButtonState } from './useButtonState';

interface ButtonProps extends ComponentProps<'button'> {
  /** docs/spec.md §9: purple-rounded (the default) has 9x9 corners, the others 9x21. */
  color?: ButtonColor;
  /**
   * Shows pixel dots, sets aria-busy and ignores presses until the work is done. The button stays
   * enabled (aria-disabled), so keyboard focus stays on it: a disabled button drops focus to the page.
   */
  loading?: boolean;
}

export function Button({
  color = 'purple-rounded',
  loading = false,
  disabled,
  className,
  style,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const [pointerState, handlers] = useButtonState(rest);
  const off = Boolean(disabled) || loading;
  const onClick = rest.onClick;
  const state = off ? 'default' : pointerState;
  useEffect(preloadTiles, []);
  return (
    <button
      {...rest}
      {...handlers}
      type={type}
      // While loading a press does nothing, not even submit its form (Enter in a field clicks it too).
      onClick={loading ? (event) => event.preventDefault() : onClick}
      disabled={Boolean(disabled)}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      data-state={state}
      className={join('px-tile px-button', `px-button-${color}`, loading && 'px-button-loading', className)}
      style={{ ...tileStyle(`button-${color}-${state}`), ...style }}
    >
      {children}
      {loading && (
        <span className="px-dots" aria-hidden="true">
          <i />
          <i />
          <i />
        </span>
      )}
    </button>
  );
}
