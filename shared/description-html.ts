/**
 * What an event's description may hold (docs/api.md §2.2 "Descriptions are sanitised HTML"): one
 * allow-list for the server, which cleans descriptions at import (server/lib/sanitize-description.ts,
 * sanitize-html), and the widget, which cleans what it shows (widget/sanitize.ts, DOMPurify).
 * Text structure and phrasing only: no forms, media, frames, SVG/MathML, `style` or `dialog`.
 */

/** The elements a description keeps; any other goes (its text kept, unless it is code). */
export const DESCRIPTION_TAGS: readonly string[] = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'cite',
  'code',
  'del',
  'details',
  'em',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

/** The attributes a kept element keeps: no `style`, `id`/`class`, `data-*` or handlers. */
export const DESCRIPTION_ATTRIBUTES: readonly string[] = [
  'href',
  'title',
  'lang',
  'dir',
  'colspan',
  'rowspan',
];

/** The links a description keeps: http(s), `mailto:`, `tel:`, or a path (`/…`, not `//host`). */
export const DESCRIPTION_LINK = /^(?:https?:|mailto:|tel:|\/(?!\/))/i;
