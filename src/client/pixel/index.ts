/** The pixel-art kit of the HUD: nine-tile boxes, buttons, chips and a switch (docs/spec.md §2, §9; docs/hud.md "Pixel kit"). */

import './pixel.css';

export { Box } from './Box';
export { Button } from './Button';
export { Chip } from './Chip';
export { Toggle } from './Toggle';
export type { ButtonColor } from './tiles';
