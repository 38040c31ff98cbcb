/** Browser-side helpers for the widget tests (real elements, real API, no fetch mocks). */
import '../../widget/index.js';
import type { VenueCalendar } from '../../widget/venue-calendar.js';

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

/** The shadow root of a `<venue-events>`'s filter bar (a child with a root of its own), once defined. */
export const barRoot = (el: Element): ShadowRoot | undefined =>
  el.shadowRoot?.querySelector('venue-events-filters:defined')?.shadowRoot ?? undefined;

/** The element of part `name` in a list's filter bar (its parts are exported as the list's). */
export const barPart = <T extends Element = HTMLElement>(el: Element, name: string): T | null =>
  barRoot(el)?.querySelector<T>(`[part~="${name}"]`) ?? null;

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
    () => el.shadowRoot?.querySelector('[part="card"], [part="empty"], [part~="error"]'),
    'the list to load',
  );
  await new Promise((r) => setTimeout(r, 0));
  // Pagination and the view switch come with the list's lazy parts, which the list asks for once
  // its first cards are painted (when the page is idle): a page is loaded once they are on screen.
  if (el.localName === 'venue-events') {
    await new Promise((r) => requestIdleCallback(r, { timeout: 300 }));
    await import('../../widget/list-controls.js');
    await new Promise((r) => setTimeout(r, 0)); // the list's own `then` asks for its update
    await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  }
  for (const b of deepQueryAll(el, 'venue-buy-button'))
    await (b as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
}

export async function setServerClock(iso: string): Promise<void> {
  await fetch(`/__test/clock?now=${encodeURIComponent(iso)}`, { method: 'POST' });
}

/** Serves `body` (JSON) at `/__wire{path}`: malformed upstream data the real app cannot produce. */
export async function serveWire(path: string, body: unknown): Promise<string> {
  await fetch(`/__test/wire?path=${encodeURIComponent(path)}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return `${location.origin}/__wire`;
}

/** A real API body (fetched from the test server), to break in one place. */
export async function apiBody<T = Record<string, unknown>>(path: string): Promise<T> {
  return (await fetch(path)).json() as Promise<T>;
}

/** The URLs the page fetches while `fn` runs (the real fetch, counted, then made). */
export async function fetchesDuring(fn: () => Promise<void>): Promise<string[]> {
  const urls: string[] = [];
  const original = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return original(input, init);
  };
  try {
    await fn();
  } finally {
    window.fetch = original;
  }
  return urls;
}

/** The list requests (`…/api/events…`) the page makes while `fn` runs (`fetchesDuring`). */
export const listRequests = async (fn: () => Promise<void>): Promise<string[]> =>
  (await fetchesDuring(fn)).filter((url) => url.includes('/api/events'));

/** Calls to `console.warn` while `fn` runs (still printed). */
export async function warnings(fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    seen.push(args.map(String).join(' '));
    original.apply(console, args);
  };
  try {
    await fn();
  } finally {
    console.warn = original;
  }
  return seen;
}

type AxeResult = { violations: { id: string; help: string; nodes: unknown[] }[] };

/** axe-core's violations in `el` (axe loaded on first use). */
export async function axeViolations(el: Element, options: object = {}): Promise<string[]> {
  const w = window as unknown as {
    axe?: { run: (ctx: Element, options: object) => Promise<AxeResult> };
  };
  if (!w.axe) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/node_modules/axe-core/axe.min.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('axe-core did not load'));
      document.head.append(script);
    });
  }
  const result = await w.axe!.run(el, options);
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

const rgba = (css: string): number[] => {
  const m = css.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
  return [m[0]!, m[1]!, m[2]!, m[3] ?? 1];
};
const luminance = ([r, g, b]: number[]) => {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
};

/**
 * The parent in the flat tree (the slot it is assigned to, else its parent, else the host of its
 * shadow root): the box it is drawn in, so the backgrounds composited are the ones behind it.
 */
const flatParent = (el: Element): Element | null =>
  el.assignedSlot ?? el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);

/**
 * Whether `el` is drawn at all. Chromium (since 156) computes no style for an element outside
 * the flat tree, such as the JSON-LD block in a host's light DOM with no slot to show it:
 * `getComputedStyle()` gives empty strings, which would read as transparent black text. Such an
 * element has no box, so `checkVisibility()` is false for it, as for `display: none` and
 * `visibility: hidden`.
 */
export const rendered = (el: Element): boolean =>
  el.checkVisibility({ visibilityProperty: true }) && getComputedStyle(el).color !== '';

/** The opaque colour behind `el`: its and its ancestors' backgrounds, composited, over white. */
function backgroundOf(el: Element): number[] {
  const layers: number[][] = [];
  for (let node: Element | null = el; node; node = flatParent(node)) {
    const bg = rgba(getComputedStyle(node).backgroundColor);
    if (bg[3]! > 0) layers.push(bg);
    if (bg[3] === 1) break;
  }
  let out = [255, 255, 255];
  for (const [r, g, b, a] of layers.reverse()) {
    out = [
      r! * a! + out[0]! * (1 - a!),
      g! * a! + out[1]! * (1 - a!),
      b! * a! + out[2]! * (1 - a!),
    ];
  }
  return out;
}

/**
 * Every visible text the widget draws in `root` (across shadow roots) with its WCAG contrast
 * ratio against the background it actually sits on; lowest first. Only rendered text counts (see
 * `rendered`: not the light-DOM JSON-LD block); text of visually hidden elements and of disabled
 * controls is left out too (WCAG 1.4.3 exempts inactive controls).
 */
export function contrasts(root: Element): { text: string; ratio: number }[] {
  const out: { text: string; ratio: number }[] = [];
  for (const el of deepQueryAll(root, '*')) {
    const own = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent!.trim())
      .join(' ')
      .trim();
    if (!own || el.closest('.visually-hidden, [aria-disabled="true"], style')) continue;
    if (!rendered(el)) continue;
    const style = getComputedStyle(el);
    const fg = rgba(style.color);
    const bg = backgroundOf(el);
    const blended = [0, 1, 2].map((i) => fg[i]! * fg[3]! + bg[i]! * (1 - fg[3]!));
    const [l1, l2] = [luminance(blended), luminance(bg)].sort((a, b) => b - a);
    out.push({
      text: own.slice(0, 40),
      ratio: Math.round(((l1! + 0.05) / (l2! + 0.05)) * 100) / 100,
    });
  }
  return out.sort((a, b) => a.ratio - b.ratio);
}

/**
 * The month grid (`<venue-calendar>`) of a `<venue-events>` over the fixture venue `states` in
 * calendar view, once it shows the 10th's events (its busiest day) and finished updating.
 */
export async function statesMonthGrid(el: Element): Promise<VenueCalendar> {
  const grid = await waitFor(
    () =>
      el
        .shadowRoot!.querySelector('venue-calendar')
        ?.shadowRoot?.querySelector('td[data-date="2026-12-10"].has-events') &&
      el.shadowRoot!.querySelector<VenueCalendar>('venue-calendar')!,
    'the month grid with its events',
  );
  await grid.updateComplete;
  return grid;
}
