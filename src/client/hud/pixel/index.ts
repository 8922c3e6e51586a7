/** The pixel-art kit of the HUD: nine-tile boxes, buttons, chips and a switch (spec §2, §9). */

import './pixel.css';

export { Box } from './Box';
export { Button } from './Button';
export { Chip } from './Chip';
export { Toggle } from './Toggle';
export type { ButtonColor } from './tiles';
