/**
 * Sanitises venue-authored description HTML with DOMPurify, loaded on first use so the initial
 * script stays small. Links keep only http(s)/mailto/tel targets and open safely.
 */
let purifier: Promise<(html: string) => string> | undefined;

/** Resolves to safe HTML (no script, handlers, `javascript:` URLs, forms, frames or SVG). */
export function sanitizeHtml(html: string): Promise<string> {
  purifier ??= import('dompurify').then(({ default: DOMPurify }) => {
    const purify = DOMPurify(window);
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    return (dirty: string) =>
      purify.sanitize(dirty, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: [
          'style',
          'form',
          'input',
          'button',
          'textarea',
          'select',
          'iframe',
          'img',
          'video',
          'audio',
          'svg',
          'math',
        ],
        FORBID_ATTR: ['style', 'id', 'class'],
        ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/(?!\/))/i,
      });
  });
  return purifier.then((purify) => purify(html));
}
