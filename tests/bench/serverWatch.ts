/** What the benchmarks ask a game server they started as a child process: is it up, and what do its metrics say. */

/** Waits (bounded) until GET /health answers 200. */
export async function waitForServer(base: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error('the server did not start within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One metric's value from the Prometheus text. */
export function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(name + ' ') || l.startsWith(name + '{'));
  return line ? Number(line.split(' ').at(-1)) : NaN;
}
