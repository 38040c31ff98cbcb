/** Escapes text for HTML text and quoted attribute values (`&`, `<`, `>`, `"`, `'`). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
