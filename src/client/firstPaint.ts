/** Waiting for the browser to have shown the page's first frame. */

/**
 * Resolves once the browser has painted `shell`'s prerendered HTML, so work that follows runs
 * after the player already sees the page. At once when there is nothing to wait for: no shell
 * (the dev server serves an empty #root) or a hidden tab, which paints nothing until shown.
 */
export function afterFirstPaint(shell: Element): Promise<void> {
  return new Promise((resolve) => {
    if (
      !shell.hasChildNodes() ||
      document.visibilityState === 'hidden' ||
      performance.getEntriesByType('paint').length > 0
    ) {
      resolve();
      return;
    }
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      // Without paint timing: after the next frame (its rendering steps run between the two callbacks).
      requestAnimationFrame(() => setTimeout(resolve));
      return;
    }
    // The paint entry is reported once the frame is on screen, not merely drawn.
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint' });
  });
}
