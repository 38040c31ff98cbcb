/**
 * Ajv's errors as problems an operator can act on, each with the JSON path of the member at fault
 * (`venues[0].timezone`) and a short message, in the venue-file importer's wording
 * (`server/import/venue-file.ts` and the proxy's `--venues` both use it): a file checked by either
 * names the same mistake the same way. Pure; imports nothing of the server.
 */
import type { ErrorObject } from 'ajv';

/** One problem in a JSON document: `path` like `venues[0].events[3].date`, or `(root)`. */
export interface JsonProblem {
  path: string;
  message: string;
}

/** `/venues/0/events/3/date` → `venues[0].events[3].date`. */
export function jsonPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
      '',
    );
}

/** A member of the object at `path` (`(root)` for the document itself). */
const memberOf = (path: string, member: string) =>
  path === '(root)' ? member : `${path}.${member}`;

function describe(error: ErrorObject): JsonProblem {
  const path = jsonPath(error.instancePath) || '(root)';
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  switch (error.keyword) {
    case 'additionalProperties': {
      const member = (error.params as { additionalProperty: string }).additionalProperty;
      return { path: memberOf(path, member), message: 'unknown member' };
    }
    case 'required': {
      const member = (error.params as { missingProperty: string }).missingProperty;
      return { path: memberOf(path, member), message: 'required member missing' };
    }
    case 'pattern':
    case 'format':
    case 'enum':
      return { path, message: `expected ${description ?? error.message ?? 'a valid value'}` };
    case 'uniqueItems': {
      // The later of the two equal items is the duplicate, whichever order Ajv names them in.
      const { i, j } = error.params as { i: number; j: number };
      return {
        path: `${path}[${Math.max(i, j)}]`,
        message: `duplicate of ${path}[${Math.min(i, j)}]`,
      };
    }
    default:
      return { path, message: error.message ?? 'invalid' };
  }
}

/**
 * Every distinct problem of a failed validation, in Ajv's order, without the echo errors of a
 * failed union (`anyOf`) where a more precise error names the path. The validator should be
 * compiled with `allErrors` and `verbose` (for each schema's `description`).
 */
export function schemaProblems(errors: readonly ErrorObject[]): JsonProblem[] {
  const problems = errors.filter((e) => e.keyword !== 'anyOf').map(describe);
  const unique = new Map(problems.map((p) => [`${p.path}|${p.message}`, p]));
  return [...unique.values()];
}
