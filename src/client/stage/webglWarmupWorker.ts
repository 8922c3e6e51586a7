/**
 * Opens a WebGL context off the main thread and keeps it until terminated (webglWarmup.ts): the
 * browser's first WebGL context of a page sets up the GPU side (in Chromium the GPU process's
 * GL/ANGLE display), and a context made here pays for that instead of the page's main thread.
 */

// Held by this module for the worker's life: a collected context would be lost.
const warmContext = new OffscreenCanvas(1, 1).getContext('webgl');
postMessage(warmContext !== null);

// A module, so its names stay its own.
export {};
