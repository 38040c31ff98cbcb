/** Browser-side helpers for the widget tests (real elements, real API, no fetch mocks). */
import '../../widget/index.js';

export const NOW_MS = Date.parse('2026-12-05T12:00:00Z');
export const frozen = () => NOW_MS;

/** Inserts `markup` into a fresh container and returns its first element. */
export function mount<T extends Element>(markup: string, setup?: (el: T) => void): T {
  const host = document.createElement('div');
  host.innerHTML = markup;
  const el = host.firstElementChild as T;
  setup?.(el);
  document.body.append(host);
  return el;
}

export function cleanup(): void {
  document.body.replaceChildren();
}

/** Resolves when `check` returns a truthy value (polling every animation frame), else rejects. */
export async function waitFor<T>(
  check: () => T | undefined | null | false,
  what: string,
  timeoutMs = 5000,
): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => requestAnimationFrame(r));
  }
}

/** All elements matching `selector` in `root` and every shadow root below it. */
export function deepQueryAll(root: ParentNode, selector: string): Element[] {
  const found = [...root.querySelectorAll(selector)];
  const own = (root as Element).shadowRoot;
  if (own) found.push(...deepQueryAll(own, selector));
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) found.push(...deepQueryAll(el.shadowRoot, selector));
  }
  return found;
}

export const deepQuery = (root: ParentNode, selector: string) => deepQueryAll(root, selector)[0];

/** The text a user sees in `el`, across shadow roots, whitespace collapsed. */
export function visibleText(el: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    const shadow = (node as Element).shadowRoot;
    if (shadow) shadow.childNodes.forEach(walk);
    else node.childNodes.forEach(walk);
  };
  walk(el);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The `<article part="card">` whose title is `title`. */
export function card(root: Element, title: string): Element {
  const match = deepQueryAll(root, 'article[part="card"]').find(
    (a) => a.querySelector('[part="title"]')?.textContent === title,
  );
  if (!match) throw new Error(`no card titled ${title}`);
  return match;
}

/** The buy control (inside `<venue-buy-button>`'s shadow root) of a card. */
export function buyControl(cardEl: Element): {
  link?: HTMLAnchorElement;
  status?: Element;
  message?: Element;
} {
  const root = cardEl.querySelector('venue-buy-button')!.shadowRoot!;
  return {
    link: root.querySelector<HTMLAnchorElement>('[part="buy-button"]') ?? undefined,
    status: root.querySelector('[part="buy-status"]') ?? undefined,
    message: root.querySelector('[part="buy-message"]') ?? undefined,
  };
}

/** Waits until `<venue-events>` has loaded a page (and its buy buttons rendered). */
export async function loaded(el: HTMLElement): Promise<void> {
  await waitFor(
    () => el.shadowRoot?.querySelector('[part="card"], [part="empty"], [part="error"]'),
    'the list to load',
  );
  await new Promise((r) => setTimeout(r, 0));
  for (const b of deepQueryAll(el, 'venue-buy-button'))
    await (b as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
}

export async function setServerClock(iso: string): Promise<void> {
  await fetch(`/__test/clock?now=${encodeURIComponent(iso)}`, { method: 'POST' });
}
