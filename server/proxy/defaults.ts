/**
 * Proxy defaults that both `createProxyApp` and the command line (`cli-options.ts`, its `--help`)
 * state: one home each. Plain values, so the command line loads no proxy code for them.
 */

/** Upstream timeout, connect to last byte, in ms (`--proxy-timeout-ms`); past it, a 504. */
export const DEFAULT_PROXY_TIMEOUT_MS = 5000;

/** Age in ms up to which a cached copy is served when the upstream fails (`--stale-ms`). */
export const DEFAULT_STALE_MS = 300_000;

/**
 * Most upstream list pages a filtered list, the categories or the calendar feed read
 * (`--max-filter-pages`, docs/api.md §10.12–§10.14): 50 pages of 12 are a venue's first 600 events.
 */
export const DEFAULT_MAX_FILTER_PAGES = 50;
