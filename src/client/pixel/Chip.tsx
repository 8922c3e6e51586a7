/** A small pixel label (docs/spec.md §9 corners: green-solid 6x6, other solid 8x10, others 9x9); a button when clickable. */

import type { HTMLAttributes, MouseEventHandler } from 'react';
import { join } from './Box';
import type { ChipColor } from './tiles';
import { tileStyle } from './tileStyle';

interface ChipProps extends HTMLAttributes<HTMLElement> {
  color?: ChipColor;
  onClick?: MouseEventHandler<HTMLElement>;
}

export function Chip({ color = 'gray', className, style, ...rest }: ChipProps) {
  const props = {
    ...rest,
    className: join('px-tile px-chip', `px-chip-${color}`, className),
    style: { ...tileStyle(`chip-${color}`), ...style },
  };
  return rest.onClick ? <button type="button" {...props} /> : <span {...props} />;
}
