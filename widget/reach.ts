/**
 * What the widget loads after its script for the events' reach, search engines and people: the
 * JSON-LD block of the events on screen (`json-ld.ts`) and the share control's work
 * (`share.ts`), joined here into one lazily loaded chunk (`reach-*.js`, whose size
 * test/widget-build/size.test.ts budgets by that name), so an element asks for one file,
 * whichever it needs first. Kept out of the initial script, whose size is budgeted (README
 * "Size"); the state they belong to (the block in the light DOM, "Link copied") is kept by the
 * controllers of `reach-controllers.ts`, which import this module only with `import()`.
 */
export { jsonLdBlock, StructuredDataController } from './json-ld.js';
export { share, shareEvent, shareUrl } from './share.js';
