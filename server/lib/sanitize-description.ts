/**
 * Cleans an event's description at import, in origin mode (docs/api.md §2.2 "Descriptions are
 * sanitised HTML"), so `attributes.description` is safe HTML for any client that trusts our JSON:
 * a venue file's description and a source's (an Outlook feed's `X-ALT-DESC;FMTTYPE=text/html`)
 * alike, since both reach the store through `normaliseVenueFile`. sanitize-html parses the HTML
 * on the server and keeps only the allow-list the widget keeps (shared/description-html.ts):
 *
 * - Elements: `DESCRIPTION_TAGS`. Any other element goes, its text kept, except elements whose
 *   content is code or not text (`script`, `style`, `iframe`, `template`, `svg`…): they go whole.
 * - Attributes: `DESCRIPTION_ATTRIBUTES`. No `style`, `id`/`class`, `data-*` or event handlers.
 * - Links: `href` only when http(s), `mailto:`, `tel:` or a path (`/…`, not `//host` nor
 *   `/\host`, which browsers read as `//host`), as the widget's (`DESCRIPTION_LINK`): no
 *   `javascript:`, `data:` or other scheme, however spelled.
 *
 * The widget and the server's pages still clean what they show (proxy mode passes an upstream's
 * text through as it is); this makes the JSON itself safe.
 */
import sanitizeHtml from 'sanitize-html';
import {
  DESCRIPTION_ATTRIBUTES,
  DESCRIPTION_LINK,
  DESCRIPTION_TAGS,
} from '../../shared/description-html.js';

/**
 * Elements removed with everything inside them, not only their tags: DOMPurify's default
 * `FORBID_CONTENTS` (which the widget keeps) that are not allowed, and sanitize-html's own.
 */
const DROPPED_WITH_CONTENT = [
  'annotation-xml',
  'audio',
  'colgroup',
  'desc',
  'foreignobject',
  'head',
  'iframe',
  'math',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'option',
  'plaintext',
  'script',
  'select',
  'style',
  'svg',
  'template',
  'textarea',
  'title',
  'video',
  'xmp',
];

/** `href` without the whitespace and control characters a browser ignores in it (`java\tscript:`). */
const bare = (href: string): string =>
  Array.from(href)
    .filter((c) => c > ' ' && !/\s/u.test(c))
    .join('');

/**
 * Whether a link passes the widget's rule (`DESCRIPTION_LINK`), and is not `/\host`, which a
 * browser reads as `//host`: another site, not a path.
 */
const safeLink = (href: string): boolean => {
  const link = bare(href);
  return DESCRIPTION_LINK.test(link) && !link.startsWith('/\\');
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...DESCRIPTION_TAGS],
  allowedAttributes: { '*': [...DESCRIPTION_ATTRIBUTES] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  // The widget's link rule on top of sanitize-html's scheme check: a relative `page.html` or
  // `#top` (which would resolve against whatever page shows it) loses its link, keeps its text.
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(
        Object.entries(attribs).filter(([name, value]) => name !== 'href' || safeLink(value)),
      ),
    }),
  },
};

/**
 * `html` with only the widget's allow-list left (see above): no script, event handler, `style`
 * attribute or element, frame, form, media, or `javascript:`/`data:` link. Text is kept, its
 * `&`, `<`, `>` written as entities; an empty or plain-text description stays as it reads.
 */
export function sanitizeDescription(html: string): string {
  return html === '' ? '' : sanitizeHtml(html, OPTIONS);
}
