/**
 * Proxy defaults that both `createProxyApp` and the command line (`cli-options.ts`, its `--help`)
 * state: one home each. Plain values, so the command line loads no proxy code for them.
 */

/** Upstream timeout, connect to last byte, in ms (`--proxy-timeout-ms`); past it, a 504. */
export const DEFAULT_PROXY_TIMEOUT_MS = 5000;

/** Age in ms up to which a cached copy is served when the upstream fails (`--stale-ms`). */
export const DEFAULT_STALE_MS = 300_000;
