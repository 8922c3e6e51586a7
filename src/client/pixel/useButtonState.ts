/**
 * The look of a pixel button as docs/spec.md §2 drives it: mouse enter gives hover, leave default, down
 * active, up hover. Pointer events cover touch and pen; keyboard focus shows hover, and Space or
 * Enter held down shows active.
 */

import { useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import type { ButtonState } from './tiles';

type Handlers = {
  onPointerEnter?: (event: PointerEvent<HTMLButtonElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLButtonElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLButtonElement>) => void;
  onPointerUp?: (event: PointerEvent<HTMLButtonElement>) => void;
  onFocus?: (event: FocusEvent<HTMLButtonElement>) => void;
  onBlur?: (event: FocusEvent<HTMLButtonElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onKeyUp?: (event: KeyboardEvent<HTMLButtonElement>) => void;
};

const PRESS_KEYS = new Set([' ', 'Enter']);

/** Keyboard focus (not the focus a click gives) shows the hover look. */
function focusedByKeyboard(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** The current look and the handlers that move it, calling the caller's own handlers too. */
export function useButtonState(props: Handlers): [ButtonState, Required<Handlers>] {
  const [state, setState] = useState<ButtonState>('default');
  const handlers: Required<Handlers> = {
    onPointerEnter: (event) => (setState('hover'), props.onPointerEnter?.(event)),
    onPointerLeave: (event) => (setState('default'), props.onPointerLeave?.(event)),
    onPointerDown: (event) => (setState('active'), props.onPointerDown?.(event)),
    onPointerUp: (event) => (setState('hover'), props.onPointerUp?.(event)),
    onFocus: (event) => {
      if (focusedByKeyboard(event.currentTarget)) setState((now) => (now === 'default' ? 'hover' : now));
      props.onFocus?.(event);
    },
    onBlur: (event) => (setState('default'), props.onBlur?.(event)),
    onKeyDown: (event) => {
      if (PRESS_KEYS.has(event.key) && !event.repeat) setState('active');
      props.onKeyDown?.(event);
    },
    onKeyUp: (event) => {
      if (PRESS_KEYS.has(event.key)) setState('hover');
      props.onKeyUp?.(event);
    },
  };
  return [state, handlers];
}
