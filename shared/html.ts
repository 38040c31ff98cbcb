/**
 * Escapes text for HTML text and quoted attribute values (`&`, `<`, `>`, `"`, `'` as numeric
 * character references): the one escaper of the server's pages and the widget's first paint,
 * which write HTML as strings. (The embed builder's script, served as it is, keeps a copy.)
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
