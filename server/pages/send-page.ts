/**
 * How both modes send the HTML pages of `server/pages/` that answer a query with a bad value: the
 * page again, the message by the field, as a 400 under the pages' CSP (docs/api.md §10.5). It
 * answers this query only, so no shared cache keeps it.
 */
import type { Response } from 'express';
import { sendEncoded } from '../http/conditional.js';
import { PAGE_CSP } from './page-shell.js';

/** `Content-Type` of the pages. */
export const HTML_TYPE = 'text/html; charset=utf-8';

/** Sends `html` as a 400, `no-store`, under `PAGE_CSP`, with any other `headers`. */
export function sendBadQueryPage(
  res: Response,
  html: string,
  headers: Record<string, string> = {},
): void {
  res.status(400).set({
    'Cache-Control': 'no-store',
    'Content-Security-Policy': PAGE_CSP,
    ...headers,
  });
  sendEncoded(res, html, HTML_TYPE);
}
