/**
 * widget/format.ts `excerpt` (DOMParser, in Chromium) over the one set of HTML → text cases the
 * server's `plainText` is tested with too (test/fixtures/html-text-cases.ts;
 * test/server/html-text.test.ts).
 */
import { expect } from 'chai';
import { excerpt } from '../../widget/format.js';
import { HTML_TEXT_CASES, HTML_TEXT_DIFFERENCES } from '../fixtures/html-text-cases.js';

describe('excerpt: what the widget reads of a description', () => {
  for (const { name, html, text } of HTML_TEXT_CASES) {
    it(`${name}: as the server reads it`, () => {
      expect(excerpt(html, Infinity)).to.equal(text);
    });
  }

  for (const { name, html, widget } of HTML_TEXT_DIFFERENCES) {
    it(name, () => {
      expect(excerpt(html, Infinity)).to.equal(widget);
    });
  }
});
