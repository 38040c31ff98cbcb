/**
 * The source-reading worker run from the TypeScript sources (tests, `npm run import`): registers
 * tsx's loader in this worker thread (a loader of the parent thread does not reach a worker on
 * Node 20), then serves `read-worker.ts`'s task. `npm start` runs the bundle's
 * `dist/server/sources/read-worker.js` instead (server/sources/source-reader.ts).
 */
import { register } from 'tsx/esm/api';

register();
const worker = await import('./read-worker.ts');

export default worker.default;
