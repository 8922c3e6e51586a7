/**
 * The frame a player's strategy runs in (docs/hud.md "Player tools"): an
 * `<iframe sandbox="allow-scripts">` whose srcdoc is this page, so its origin is opaque (no cookies,
 * storage or session of the player's) and its own policy adds `default-src 'none'` (no network at
 * all, for it and for the worker it starts from the code it is sent). The page's
 * Content-Security-Policy, which the frame inherits, allows this one inline script by its hash
 * (securityHeaders.ts).
 */

/** Starts the worker from the code the page posts and passes its one answer (or its error) back. */
export const SANDBOX_SCRIPT = `onmessage = (event) => {
  if (event.source !== parent) return;
  const url = URL.createObjectURL(new Blob([event.data.code], { type: 'text/javascript' }));
  const worker = new Worker(url);
  worker.onmessage = (answer) => parent.postMessage(answer.data, '*');
  worker.onerror = (error) => {
    error.preventDefault();
    parent.postMessage({ error: 'The strategy does not run: ' + error.message }, '*');
  };
  worker.postMessage(event.data.job);
};
parent.postMessage('ready', '*');`;

export const SANDBOX_SRCDOC = `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; worker-src blob:"><script>${SANDBOX_SCRIPT}</script>`;
