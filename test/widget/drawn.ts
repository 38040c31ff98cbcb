/**
 * Reading what the widget drew, for the tests that compare two ways of drawing it (the script's
 * first paint, the Lit elements, the server's declarative root). Imports nothing of the widget,
 * so a test can load it before any element is defined.
 */

/** The frozen clock of the widget tests (the server's is set to the same instant). */
export const FROZEN_MS = Date.parse('2026-12-05T12:00:00Z');

/** An element (defined or not) with `attrs`, the frozen clock set before it is connected. */
export function place<T extends HTMLElement>(tag: string, attrs: string): T {
  const host = document.createElement('div');
  host.innerHTML = `<${tag} ${attrs}></${tag}>`;
  const el = host.firstElementChild as T;
  (el as unknown as { clock: () => number }).clock = () => FROZEN_MS;
  document.body.append(host);
  return el;
}

/** Finished requests for list pages under `path` on this origin (`/t/many`, `/__slow/t/many`). */
export const listRequests = (path: string) =>
  performance
    .getEntriesByType('resource')
    .filter((r) => r.name.startsWith(`${location.origin}${path}/api/events`)).length;

/** The cards `el`'s shadow root holds. */
export const cards = (el: Element) => [...el.shadowRoot!.querySelectorAll('[part="card"]')];

/** Where each card of `el` is on screen (relative to `el`) and what it says, buy control included. */
export const cardLayout = (el: Element) =>
  cards(el).map((c) => {
    const at = el.getBoundingClientRect();
    const { x, y, width, height } = c.getBoundingClientRect();
    // The buy control's content: its root's `div`, or the card's (the server draws it there).
    const host = c.querySelector('venue-buy-button')!;
    const buy = [...(host.shadowRoot ?? host).children].find(
      (e) => e.localName === 'div',
    ) as HTMLElement;
    const control = buy.firstElementChild!.getBoundingClientRect();
    return {
      x: x - at.x,
      y: y - at.y,
      width,
      height,
      // The card's own text (`innerText` reads into no shadow root: not the buy control's). Drawn
      // in the card, the control's text is taken out, and the line breaks around it where it ends
      // the card (the compact layout's last part shown).
      text: host.shadowRoot
        ? (c as HTMLElement).innerText
        : (c as HTMLElement).innerText
            .replace(buy.innerText, '')
            .replace(/\n{3,}/g, '\n\n')
            .replace(/\n+$/, ''),
      buy: buy.innerText,
      // Where its link or closed state is, and how large (styled alike however it is drawn).
      control: [control.x - x, control.y - y, control.width, control.height],
    };
  });

const escaped = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface TreeOptions {
  /** What an element stands for instead of its tree (`''` leaves it out); undefined: walk it. */
  instead?: (el: Element) => string | undefined;
  /** Leave out the whitespace around tags, which templates and strings write differently. */
  dropSpaceAroundTags?: boolean;
}

/**
 * `node`'s tree as the visitor's browser holds it: elements with their attributes (sorted), text
 * with whitespace collapsed, open shadow roots inside; comments (Lit's markers) left out.
 */
export function canonicalTree(node: Node, options: TreeOptions = {}): string {
  const walk = (n: Node): string => canonicalTree(n, options);
  if (node.nodeType === Node.TEXT_NODE) return escaped(node.textContent ?? '').replace(/\s+/g, ' ');
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const el = node as Element;
  const replaced = options.instead?.(el);
  if (replaced !== undefined) return replaced;
  const attrs = [...el.attributes]
    .map((a) => `${a.name}="${escaped(a.value)}"`)
    .sort()
    .join(' ');
  const shadow = el.shadowRoot
    ? `#shadow(${[...el.shadowRoot.childNodes].map(walk).join('')})`
    : '';
  const tree = `<${el.localName} ${attrs}>${shadow}${[...el.childNodes].map(walk).join('')}</${el.localName}>`;
  return options.dropSpaceAroundTags ? tree.replace(/\s*(<[^>]*>)\s*/g, '$1') : tree;
}
