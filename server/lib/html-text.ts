/**
 * Plain text of the HTML a venue authors in its admin editor (event descriptions, docs/api.md §2.2), for
 * structured data and excerpts: html-to-text parses it (entities decoded, scripts and styles
 * dropped), without line wrapping, link targets or images.
 */
import { compile } from 'html-to-text';

const convert = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'ul', options: { itemPrefix: '• ' } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
});

/** `<p>Trio set. <strong>Doors&nbsp;7pm.</strong></p>` → `Trio set. Doors 7pm.` */
export function plainText(html: string): string {
  return convert(html)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
