/**
 * Rewrites the absolute URLs of an API body (docs/api.md §2.1 `links.self`, §2.5 `links.*`, `meta.path`,
 * `meta.links[].url`) from the upstream's base to the proxy's public base, so clients can follow
 * them through the proxy. Other members (titles, descriptions) are never touched.
 *
 * The proxy caches one copy per upstream path, whatever base clients reach it by,
 * so the base is filled in at send time: `linkTemplate` serialises a body once with a marker where
 * the base goes, `fillBase` (`server/http/public-base.ts`) puts a base there.
 */
import { randomUUID } from 'node:crypto';
import { cutAtBase, type LinkTemplate } from '../http/public-base.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Mutates and returns `body`. Bases have no trailing slash. */
export function rewriteUrls<T>(body: T, upstreamBase: string, publicBase: string): T {
  const swap = (value: unknown) =>
    typeof value === 'string' && (value === upstreamBase || value.startsWith(`${upstreamBase}/`))
      ? publicBase + value.slice(upstreamBase.length)
      : value;
  const swapLinks = (links: unknown) => {
    if (!isObject(links)) return;
    for (const key of Object.keys(links)) links[key] = swap(links[key]);
  };
  if (!isObject(body)) return body;
  const events = Array.isArray(body.data) ? body.data : [body.data];
  for (const event of events) if (isObject(event)) swapLinks(event.links);
  swapLinks(body.links);
  if (isObject(body.meta)) {
    body.meta.path = swap(body.meta.path);
    if (Array.isArray(body.meta.links)) {
      for (const link of body.meta.links) if (isObject(link)) link.url = swap(link.url);
    }
  }
  return body;
}

/**
 * Serialises `body` (mutated) with every link on `upstreamBase` rebased on a placeholder and cuts
 * the text there. Throws what `JSON.stringify` throws (e.g. a `RangeError` for a body nested too
 * deep to serialise).
 */
export function linkTemplate(body: unknown, upstreamBase: string): LinkTemplate {
  // Random per call, so no upstream text can forge a cut.
  const marker = `venue-events-base-${randomUUID()}`;
  return cutAtBase(JSON.stringify(rewriteUrls(body, upstreamBase, marker)), marker);
}
