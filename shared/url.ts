/** URL helpers shared by the server, the proxy and the widget. */

/**
 * `https://example.org/` → `https://example.org`: a base URL without trailing slashes, so that
 * `${base}/t/…` never holds `//`. Every configured or attribute-given base goes through this.
 */
export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
