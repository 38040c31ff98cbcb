/**
 * server/lib/html-text.ts `plainText` over the one set of HTML → text cases the widget's excerpt
 * is tested with too (test/fixtures/html-text-cases.ts; test/widget/html-text.test.ts in
 * Chromium): as an excerpt shows it, each run of whitespace one space (`clip`).
 */
import { describe, expect, it } from 'vitest';
import { plainText } from '../../server/lib/html-text.js';
import { clip } from '../../widget/format.js';
import { HTML_TEXT_CASES, HTML_TEXT_DIFFERENCES } from '../fixtures/html-text-cases.js';

const excerpt = (html: string) => clip(plainText(html), Infinity);

describe('plainText: what the server reads of a description', () => {
  it.each(HTML_TEXT_CASES)('$name: as the widget reads it', ({ html, text }) => {
    expect(excerpt(html)).toBe(text);
  });

  it.each(HTML_TEXT_DIFFERENCES)('$name', ({ html, server }) => {
    expect(excerpt(html)).toBe(server);
  });

  it('keeps its paragraphs and line breaks for the pages and the .ics files', () => {
    expect(plainText('<p>a</p><p>b<br>c</p>')).toBe('a\n\nb\nc');
  });
});
