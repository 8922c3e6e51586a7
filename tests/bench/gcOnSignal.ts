/** Preloaded into the benchmarked server (with --expose-gc): SIGUSR2 runs a full GC so memory figures are not garbage. */
process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());
