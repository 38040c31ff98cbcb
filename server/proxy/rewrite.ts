/**
 * Rewrites the absolute URLs of an API body (spec §2.1 `links.self`, §2.5 `links.*`, `meta.path`,
 * `meta.links[].url`) from the upstream's base to the proxy's public base, so clients can follow
 * them through the proxy. Other members (titles, descriptions) are never touched.
 */
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
