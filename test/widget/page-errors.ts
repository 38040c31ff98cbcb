/**
 * Every widget test fails on an uncaught page error: an exception no code caught (`error`) or a
 * rejected promise no code handled (`unhandledrejection`), which a host page would see in its
 * console. web-test-runner.config.mjs loads this module on every test page before the test
 * framework: it records each such error, and root hooks of the framework's mocha fail the test
 * during or after which it happened (`afterEach`, through mocha's `Hook#error`, so the other tests
 * still run), or the file for one after its last test (`afterAll`). A test that expects a page
 * error says so with `expectPageError`, which takes it off the record.
 */

/** What an uncaught error or an unhandled rejection says (the browser logs show its stack). */
const describeError = (reason: unknown) =>
  reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);

const KEY = Symbol.for('venue-events test page errors');
type Recording = typeof globalThis & { [KEY]?: string[] };

/** Starts recording (once per page, whichever URL this module was loaded by). */
function record(): string[] {
  const recorded: string[] = [];
  addEventListener('error', (event) => {
    recorded.push(describeError(event.error ?? event.message));
    // Mocha's own `onerror` would fail whichever runnable is current, and abort the run if that
    // test already passed: the hooks below report it instead, and `expectPageError` can take it.
    event.stopImmediatePropagation();
  });
  addEventListener('unhandledrejection', (event) => recorded.push(describeError(event.reason)));
  return recorded;
}

/** The page errors recorded and not yet reported or expected. */
const recorded: string[] = ((globalThis as Recording)[KEY] ??= record());

/** Empties the record, returning what it held. */
const take = () => recorded.splice(0);

/** Lets a rejection from the last task be reported (its event comes a task later). */
const settle = () => new Promise((resolve) => setTimeout(resolve));

const failure = (errors: string[], when: string) =>
  new Error(`uncaught page error${errors.length > 1 ? 's' : ''} ${when}:\n${errors.join('\n')}`);

/** Adds the root hooks to the page's mocha (before it runs the test file). */
export function failOnPageErrors(mocha: Mocha): void {
  mocha.rootHooks({
    async afterEach(this: Mocha.Context) {
      await settle();
      const errors = take();
      // Fails the test, not the hook: a failed `afterEach` would skip every test after it.
      if (errors.length)
        (this.test as Mocha.Hook | undefined)?.error(failure(errors, 'during or after this test'));
    },
    async afterAll() {
      await settle();
      const errors = take();
      if (errors.length) throw failure(errors, 'after the last test');
    },
  });
}

/**
 * Waits for a page error matching `pattern` (recorded before or after the call) and takes it off
 * the record, so the test that expects it does not fail on it.
 * @throws an Error when none comes within `timeoutMs` (milliseconds)
 */
export async function expectPageError(pattern: RegExp, timeoutMs = 5000): Promise<string> {
  const start = performance.now();
  for (;;) {
    const at = recorded.findIndex((error) => pattern.test(error));
    if (at >= 0) return recorded.splice(at, 1)[0]!;
    if (performance.now() - start > timeoutMs)
      throw new Error(
        `expected a page error matching ${pattern}; recorded: ${recorded.join('; ')}`,
      );
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
