import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats ships CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** An Ajv instance (JSON Schema draft-07) with the standard formats (`date`, `date-time`, `uri`…). */
export function createAjv(options: Options = {}): Ajv {
  return addFormats(new Ajv({ allErrors: true, ...options }));
}
