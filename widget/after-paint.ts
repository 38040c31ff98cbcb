/**
 * Runs `fn` once the browser is idle after the current work, which in practice is after the next
 * paint (at most 200 ms later, also in a hidden tab): for the chunks and work the first cards do
 * not need, so nothing competes with them for the network or the main thread. Where
 * `requestIdleCallback` is missing (Safari), a 50 ms timer.
 */
export function afterPaint(fn: () => void): void {
  if ('requestIdleCallback' in globalThis) requestIdleCallback(fn, { timeout: 200 });
  else setTimeout(fn, 50);
}
