/**
 * The page's entry: the stylesheet (render-blocking, so the prerendered shell paints styled) and a
 * wait for that first paint before the page's code runs (boot.tsx). The browser shows the shell
 * without waiting for any script, and the code's evaluation and React's first render come after
 * the player already sees the page. index.html preloads boot's chunks (scripts/preloadBoot.ts), so
 * they download alongside the stylesheet.
 */

import { afterFirstPaint } from './firstPaint';
import './styles.css';

void afterFirstPaint(document.getElementById('root')!).then(() => import('./boot'));
