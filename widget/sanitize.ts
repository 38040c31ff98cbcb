/**
 * Sanitises venue-authored description HTML with DOMPurify, loaded on first use so the initial
 * script stays small. An allow-list, so nothing can escape the card or act on the host page:
 *
 * - Elements: text structure and phrasing only (shared/description-html.ts, as the server's). No `dialog`, `slot`,
 *   `template`, `marquee`, forms or form controls, media, frames, SVG/MathML, `style`.
 * - Attributes: `href`, `title`, `lang`, `dir`, `colspan`, `rowspan`. No `style` (so no fixed or
 *   sticky positioning), no `id`/`class`, no `popover`, no handlers.
 * - Links: http(s), `mailto:`, `tel:` or a path; a path resolves against the API's origin, not
 *   the host page (or its `<base>`); every link opens in a new tab with `rel="noopener
 *   noreferrer nofollow"`.
 *
 * Returns a TrustedHTML made by the `venue-events` policy where Trusted Types exist.
 *
 * This module is a chunk loaded on first use (`<venue-event>` imports it when a description is
 * to be shown), with DOMPurify and these lists, so none of it weighs on the initial script.
 */
import DOMPurify from 'dompurify';
import {
  DESCRIPTION_ATTRIBUTES,
  DESCRIPTION_LINK,
  DESCRIPTION_TAGS,
} from '../shared/description-html.js';
import { policy } from './trusted-html.js';

let purifier: ReturnType<typeof DOMPurify> | undefined;
/** The origin relative links of the description being sanitised resolve against. */
let base = '';

/** DOMPurify with the link rules above, made on first use. */
function createPurifier(): ReturnType<typeof DOMPurify> {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    let url = '';
    try {
      url = href ? new URL(href, base).href : '';
    } catch {
      // Not a URL at all: the text stays, the link goes.
    }
    if (url) node.setAttribute('href', url);
    else node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
  return purify;
}

/** Safe HTML (see above); relative links resolve against `linkBase` (the API base). */
export function sanitizeHtml(html: string, linkBase: string): string {
  purifier ??= createPurifier();
  base = new URL(linkBase).origin;
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...DESCRIPTION_TAGS],
    ALLOWED_ATTR: [...DESCRIPTION_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: DESCRIPTION_LINK,
    ...(policy && { RETURN_TRUSTED_TYPE: true, TRUSTED_TYPES_POLICY: policy as never }),
  }) as unknown as string;
}
