/**
 * The widget's generated copy of the query parameters' names (widget/query-names.generated.ts,
 * scripts/query-names.ts): in step with shared/queries.ts, names only.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARAM } from '../../shared/queries.js';
import { constantOf, QUERY_NAMES_TS, widgetQueryNames } from '../../scripts/query-names.js';
import * as generated from '../../widget/query-names.generated.js';

describe("the widget's query-names.generated.ts", () => {
  it('is what scripts/query-names.ts generates from shared/queries.ts (npm run generate:wordpress)', () => {
    expect(readFileSync(QUERY_NAMES_TS, 'utf8')).toBe(widgetQueryNames());
  });

  it("holds each parameter's name, and nothing else", () => {
    const expected = Object.fromEntries(Object.keys(PARAM).map((name) => [constantOf(name), name]));
    expect({ ...generated }).toEqual(expected);
  });
});
