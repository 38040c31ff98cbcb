/** Writes `shared/venue-file.schema.json` from the TypeBox source (`npm run schema`). */
import { writeFileSync } from 'node:fs';
import { VenueFileSchema } from './venue-file.js';

const target = new URL('./venue-file.schema.json', import.meta.url);
writeFileSync(
  target,
  JSON.stringify(
    { $schema: 'http://json-schema.org/draft-07/schema#', ...VenueFileSchema },
    null,
    2,
  ) + '\n',
);
