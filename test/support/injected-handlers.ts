/**
 * Browser side, for the widget suite (test/widget): when a hostile payload's handlers would have
 * run. Resolves once an image of the test's own at `x` has failed to load: the URL the payloads'
 * `<img src=x onerror=…>` ask for. An image that a payload made the page create asked for it
 * earlier, so its error, and so its handler, came first; an inline SVG's `onload` runs when it is
 * inserted, before that. A handler that has not run by then never will: a test checks that none
 * ran after this, not after a pause.
 */
export function injectedHandlersSettled(): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onerror = () => resolve();
    image.onload = () => reject(new Error('an image at x: the payloads’ URL must not load'));
    image.src = 'x';
  });
}
