/** Escapes text for HTML text and quoted attribute values: the one escaper, `shared/html.ts`. */
export { escapeHtml } from '../../shared/html.js';
