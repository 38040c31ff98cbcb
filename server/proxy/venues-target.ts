/**
 * The proxy's check of a target naming several venues (docs/api.md §10.16): `/api/{events,
 * categories,access,calendar}?venues=…` and the pages `/events?venues=…`, `/events.ics?venues=…`,
 * read from the raw target as strictly as `routes.ts` reads a venue's: one of the paths exactly,
 * printable ASCII without a backslash, bounded in length, and only the values of `venues` and the
 * route's own parameters percent-encoded. Nothing of it goes upstream (the venues' list pages do),
 * so this keeps the two modes' answers to odd targets the same as a venue's.
 */
import type { RequestHandler } from 'express';
import { CalendarFileQuery, parameterNames } from '../../shared/queries.js';
import { MAX_VENUES } from '../../shared/rules/venues.js';
import { createError, methodNotAllowedError } from '../http/errors.js';
import { FEED_PARAMETERS, FILTER_PARAMETERS, readQuery } from './query.js';
import {
  LISTING_PARAMETERS,
  MAX_FEED_TARGET_LENGTH,
  MAX_TARGET_LENGTH,
  UNSAFE_TARGET,
} from './routes.js';

/**
 * Longest target naming several venues, in characters: `MAX_TARGET_LENGTH` beside room for
 * `MAX_VENUES` slugs of the venue file's longest (100 characters) and their commas; a calendar
 * file's has room for a saved feed's `ids` (docs/api.md §10.6) too.
 */
const MAX_VENUES_TARGET_LENGTH = MAX_TARGET_LENGTH + MAX_VENUES * 101;
const MAX_VENUES_FEED_TARGET_LENGTH = MAX_VENUES_TARGET_LENGTH + MAX_FEED_TARGET_LENGTH;

const API = [...new Set(['venues', ...FILTER_PARAMETERS, ...FEED_PARAMETERS])];
/** Each path → the parameters whose values may be percent-encoded. */
const PATHS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    ['events', 'categories', 'access', 'calendar'].flatMap((name) => [
      [`/api/${name}`, API],
      [`/api/${name}/`, API],
    ]),
  ),
  '/events': ['venues', ...LISTING_PARAMETERS],
  '/events/': ['venues', ...LISTING_PARAMETERS],
  '/events.ics': ['venues', ...parameterNames(CalendarFileQuery)],
};

/**
 * The guard of the targets of several venues; mount it at `/api` and at `/events`.
 * @throws a 404 for a path not one of them or a refused target or query; a 405 for a method
 *   other than GET/HEAD
 */
export const checkVenuesTarget: RequestHandler = (req, _res, next) => {
  const target = req.originalUrl;
  const at = target.indexOf('?');
  const path = at === -1 ? target : target.slice(0, at);
  const decoded = Object.hasOwn(PATHS, path) ? PATHS[path] : undefined;
  const longest = decoded?.includes('ids')
    ? MAX_VENUES_FEED_TARGET_LENGTH
    : MAX_VENUES_TARGET_LENGTH;
  const safe = decoded && target.length <= longest && !UNSAFE_TARGET.test(target);
  if (!safe || !readQuery(at === -1 ? '' : target.slice(at + 1), decoded)) {
    throw createError(404, 'No resource exists at this path.');
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') throw methodNotAllowedError(req.method);
  next();
};
