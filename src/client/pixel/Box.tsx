/** A pixel panel framed by a nine-tile sheet (docs/spec.md §9: default block corner 15px). */

import type { HTMLAttributes } from 'react';
import type { BoxTone } from './tiles';
import { tileStyle } from './tileStyle';

interface BoxProps extends HTMLAttributes<HTMLDivElement> {
  tone?: BoxTone;
}

export function Box({ tone = 'default', className, style, children, ...rest }: BoxProps) {
  return (
    <div {...rest} className={join('px-tile px-box', className)} style={{ ...tileStyle(`box-${tone}`), ...style }}>
      {children}
    </div>
  );
}

/** Class names with the empty ones left out. */
export function join(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
