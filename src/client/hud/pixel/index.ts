/** The pixel-art kit of the HUD: nine-tile boxes, buttons, chips and a switch (spec §2, §9). */

import './pixel.css';

export { Box, type BoxProps } from './Box';
export { Button, type ButtonProps } from './Button';
export { Chip, type ChipProps } from './Chip';
export { Toggle, type ToggleProps } from './Toggle';
export type { BoxTone, ButtonColor, ChipColor } from './tiles';
