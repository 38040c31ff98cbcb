/**
 * WCAG 2.2 checks run inside a page (docs/accessibility.md): each function is handed to
 * Playwright's `page.evaluate`, so each is self-contained (no closures over this module) and walks
 * the document and every open shadow root under it. Each returns what it found wrong as sentences
 * naming the element (`part=…`, else its tag and text), so a failing test says where to look.
 */

/** What one check found: how many things it looked at (a walk that found none would pass). */
export interface Found {
  checked: number;
  problems: string[];
}

/**
 * 1.4.10 Reflow, 1.4.12 Text spacing, 1.4.4 Resize text: the page scrolls sideways, or a visible
 * text is cut off (out of the viewport's width, out of the block holding it, out of a box that
 * clips, scrolled in a box that hides its overflow) or overlaps another text (their lines' boxes
 * share more than a pixel each way). Text hidden for screen readers only (`clip`, `clip-path`)
 * and a select's options are left out; a `<pre>` that scrolls is code a venue copies (allowed to
 * scroll on its own, "Understanding 1.4.10": content that needs two dimensions).
 */
export function layoutProblems(): Found {
  const problems: string[] = [];
  const de = document.documentElement;
  if (de.scrollWidth > de.clientWidth + 1)
    problems.push(`the page scrolls sideways: ${de.scrollWidth} px in ${de.clientWidth} px`);
  const up = (el: Element): Element | null => {
    const root = el.parentNode;
    return root instanceof ShadowRoot ? root.host : el.parentElement;
  };
  const ancestry = (el: Element): Element[] => {
    const chain: Element[] = [];
    for (let a: Element | null = el; a && a !== de; a = up(a)) chain.push(a);
    return chain;
  };
  const name = (el: Element, text: string) => {
    const part = ancestry(el)
      .find((a) => a.hasAttribute('part'))
      ?.getAttribute('part');
    return `“${text.trim().slice(0, 40)}” (${part ? `part=${part}` : el.localName})`;
  };
  const clipped = (el: Element) =>
    ancestry(el).some(
      (a) => getComputedStyle(a).clip !== 'auto' || getComputedStyle(a).clipPath !== 'none',
    );
  const across = (r: DOMRect, o: { left: number; right: number }) =>
    r.left >= o.left - 1 && r.right <= o.right + 1;
  const within = (r: DOMRect, o: DOMRect) =>
    across(r, o) && r.top >= o.top - 1 && r.bottom <= o.bottom + 1;
  const texts: { el: Element; text: string; rects: DOMRect[] }[] = [];
  const roots: (Document | ShadowRoot)[] = [document];
  for (const root of roots) {
    const walker = document.createTreeWalker(
      root === document ? document.body : root,
      NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Element) {
        if (node.shadowRoot) roots.push(node.shadowRoot);
        continue;
      }
      const el = node.parentElement;
      const text = node.textContent ?? '';
      if (!el || !text.trim() || el.closest('select, script, style, template')) continue;
      if (!el.checkVisibility({ visibilityProperty: true }) || clipped(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length) texts.push({ el, text, rects });
    }
  }
  for (const { el, text, rects } of texts) {
    const chain = ancestry(el);
    if (chain.some((a) => a.localName === 'pre')) continue;
    const block = chain.find((a) => !/^(inline|contents)$/.test(getComputedStyle(a).display));
    // A box that hides its overflow clips; one that scrolls only clips sideways (a visitor
    // scrolls it down as the page, but a sideways scroll is what 1.4.10 rules out).
    const clips = chain.filter((a) => getComputedStyle(a).overflow !== 'visible');
    const hides = (a: Element) => /hidden|clip/.test(getComputedStyle(a).overflow);
    for (const r of rects) {
      if (!across(r, { left: 0, right: de.clientWidth }))
        problems.push(`${name(el, text)} runs out of the viewport`);
      if (block && !across(r, block.getBoundingClientRect()))
        problems.push(`${name(el, text)} runs out of its ${block.localName}`);
      for (const clip of clips) {
        const box = clip.getBoundingClientRect();
        if (hides(clip) ? !within(r, box) : !across(r, box))
          problems.push(`${name(el, text)} is cut off by its ${clip.localName}`);
      }
    }
    for (const clip of clips) {
      const sideways = clip.scrollWidth > clip.clientWidth + 1;
      if (sideways || (hides(clip) && clip.scrollHeight > clip.clientHeight + 1))
        problems.push(`${name(el, text)} scrolls in its ${clip.localName}`);
    }
  }
  // Overlap is judged on what shows: each line's box within the boxes that clip or scroll it.
  for (const t of texts) {
    const boxes = ancestry(t.el)
      .filter((a) => getComputedStyle(a).overflow !== 'visible')
      .map((a) => a.getBoundingClientRect());
    t.rects = t.rects.flatMap((r) => {
      const left = Math.max(r.left, ...boxes.map((c) => c.left));
      const top = Math.max(r.top, ...boxes.map((c) => c.top));
      const right = Math.min(r.right, ...boxes.map((c) => c.right));
      const bottom = Math.min(r.bottom, ...boxes.map((c) => c.bottom));
      return right > left && bottom > top
        ? [new DOMRect(left, top, right - left, bottom - top)]
        : [];
    });
  }
  const overlap = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  texts.forEach((a, i) => {
    for (const b of texts.slice(i + 1))
      if (a.rects.some((ra) => b.rects.some((rb) => overlap(ra, rb))))
        problems.push(`${name(a.el, a.text)} overlaps ${name(b.el, b.text)}`);
  });
  return { checked: texts.length, problems: [...new Set(problems)] };
}

/**
 * 1.4.12 Text spacing: the criterion's spacing (line height 1.5, paragraphs 2 em apart, letters
 * 0.12 em, words 0.16 em) put on every element of the page and of each shadow root, as a
 * visitor's style sheet or bookmarklet would (it reaches no shadow root, so we do it for them).
 * Returns how many roots took it.
 */
export function applyTextSpacing(): number {
  const css = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
    word-spacing: 0.16em !important; } p { margin-block-end: 2em !important; }`;
  const roots: (Document | ShadowRoot)[] = [document];
  for (const root of roots) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  }
  return roots.length;
}

/**
 * 2.5.8 Target size (minimum): every visible pointer target (link, button, field, `summary`, an
 * element with a role of a control or a `tabindex`) at least 24 × 24 CSS px, or, smaller, with a
 * 24 px circle on its centre meeting no other target nor its circle. A link in a line of text is
 * the criterion's inline exception (its size set by the line): left out.
 */
export function targetProblems(): Found {
  const selector =
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=tab], [role=menuitem], [role=gridcell], td[tabindex], [tabindex]:not([tabindex="-1"])';
  const targets: { el: Element; box: DOMRect }[] = [];
  const roots: (Document | ShadowRoot)[] = [document];
  for (const root of roots)
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) roots.push(el.shadowRoot);
      if (!el.matches(selector) || !el.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      if (style.clip !== 'auto' || style.clipPath !== 'none' || style.pointerEvents === 'none')
        continue;
      if (style.display === 'inline') {
        const parent = el.parentElement;
        const words = [...(parent?.childNodes ?? [])].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim(),
        );
        if (words) continue;
      }
      const box = el.getBoundingClientRect();
      // Scrolled out of a box that clips it (the embed builder's preview): no target there.
      let shown = box.width > 0 && box.height > 0;
      const up = (n: Element): Element | null => {
        const root = n.getRootNode();
        return n.parentElement ?? (root instanceof ShadowRoot ? root.host : null);
      };
      for (let a = up(el); a && shown; a = up(a)) {
        if (getComputedStyle(a).overflow !== 'visible') {
          const c = a.getBoundingClientRect();
          shown =
            box.right > c.left && box.left < c.right && box.bottom > c.top && box.top < c.bottom;
        }
      }
      if (shown) targets.push({ el, box });
    }
  // A target inside another (a label's link in a button) counts as its outer target.
  const outer = targets.filter(({ el }) => !targets.some((t) => t.el !== el && t.el.contains(el)));
  const centre = (b: DOMRect) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  const problems: string[] = [];
  for (const { el, box } of outer) {
    if (box.width >= 23.5 && box.height >= 23.5) continue;
    const c = centre(box);
    const crowded = outer.some(({ el: other, box: o }) => {
      // A box around this one (a scrolling region one can focus) is no neighbour.
      const around =
        o.left <= box.left && o.right >= box.right && o.top <= box.top && o.bottom >= box.bottom;
      if (other === el || around) return false;
      // The other's box within 12 px of our centre, or its circle within 24 px (both undersized).
      const dx = Math.max(o.left - c.x, 0, c.x - o.right);
      const dy = Math.max(o.top - c.y, 0, c.y - o.bottom);
      if (Math.hypot(dx, dy) < 12) return true;
      const oc = centre(o);
      const small = o.width < 23.5 || o.height < 23.5;
      return small && Math.hypot(oc.x - c.x, oc.y - c.y) < 24;
    });
    if (crowded) {
      const part = el.getAttribute('part');
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
      problems.push(
        `${el.localName}${part ? ` part=${part}` : ''} “${label}” is ${Math.round(box.width)}×${Math.round(box.height)} px and crowded`,
      );
    }
  }
  return { checked: outer.length, problems };
}

/**
 * Moves the keyboard's starting point to the top of the page, as a fresh visit has it, whatever
 * a step clicked: a focusable put first in the body, focused, and taken away.
 */
export function focusFromTop(): void {
  const start = document.createElement('span');
  start.tabIndex = -1;
  document.body.prepend(start);
  start.focus();
  start.remove();
}

/** What the keyboard's focus is on, through shadow roots, described; `null` on the body. */
export interface Focused {
  /** The element's tag, `part` and text or label: how the test names it. */
  name: string;
  /** 2.4.7: an outline of at least 2 px, or a box shadow, drawn while focused. */
  visible: boolean;
  /** 2.4.11: some of its box is in the viewport and not covered by a sticky or fixed part. */
  shown: boolean;
  /** Its box, in viewport pixels. */
  top: number;
}

/**
 * The element the keyboard's focus is on (through shadow roots) as `Focused`, or null when the
 * focus is on the body (the page's end was passed).
 */
export function focusedElement(): Focused | null {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  // Chromium's own ring (`outline-style: auto`, fields' default) is two colours, seen on any
  // background; a drawn outline must be 2 px at least.
  const outline =
    style.outlineStyle === 'auto' ||
    (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2);
  const visible = outline || style.boxShadow !== 'none';
  const box = el.getBoundingClientRect();
  // Each line's box of a link that wraps: its whole box's corners may be other text's.
  const points = [...el.getClientRects()].flatMap((r) => [
    [r.left + r.width / 2, r.top + r.height / 2],
    [r.left + 2, r.top + 2],
    [r.right - 2, r.bottom - 2],
  ]);
  const deepAt = (x: number, y: number) => {
    let hit: Element | null = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const contains = (outer: Element, inner: Element | null) => {
    for (
      let n: Node | null = inner;
      n;
      n = n.parentNode instanceof ShadowRoot ? n.parentNode.host : n.parentNode
    )
      if (n === outer) return true;
    return false;
  };
  const shown = points.some(
    ([x, y]) =>
      x! >= 0 && y! >= 0 && x! < innerWidth && y! < innerHeight && contains(el, deepAt(x!, y!)),
  );
  const part = el.getAttribute('part');
  const field = el instanceof HTMLInputElement ? ` ${el.type} ${el.name || el.id}=${el.value}` : '';
  const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
  const name = `${el.localName}${field}${part ? ` part=${part}` : ''} “${label}”`;
  return { name, visible, shown, top: box.top };
}

/**
 * Every element a visitor could Tab to (through shadow roots, in the deep DOM order): visible,
 * enabled, and a link, button, field, `summary` or `tabindex ≥ 0`; of a radio group or a roving
 * grid, the one with `tabindex="0"`. Described as `focusedElement` names them.
 */
export function tabbableNames(): string[] {
  const selector =
    'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea, summary, [tabindex]';
  const found: string[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      // Of a radio group, Tab stops on the chosen one (the first when none is).
      const radio = el instanceof HTMLInputElement && el.type === 'radio' ? el : null;
      const group = radio
        ? [...root.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${radio.name}"]`)]
        : [];
      const stop = !radio || radio === (group.find((r) => r.checked) ?? group[0]);
      if (stop && el.matches(selector) && el.getAttribute('tabindex') !== '-1') {
        const hidden = !el.checkVisibility({ visibilityProperty: true }) || el.closest('[inert]');
        const style = getComputedStyle(el);
        const sr = style.clip !== 'auto' && el.localName !== 'a' && el.localName !== 'button';
        if (!hidden && !sr) {
          const part = el.getAttribute('part');
          const field =
            el instanceof HTMLInputElement ? ` ${el.type} ${el.name || el.id}=${el.value}` : '';
          const label = (el.getAttribute('aria-label') ?? el.textContent ?? '')
            .trim()
            .replace(/\s+/g, ' ');
          found.push(`${el.localName}${field}${part ? ` part=${part}` : ''} “${label}”`);
        }
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return found;
}

/**
 * 2.3.3 Animation from interactions, 2.2.2 Pause, stop, hide: the animations and transitions
 * running now in the page and its shadow roots (`Document.getAnimations` reaches into them), and
 * elements whose `scroll-behavior` is smooth, described.
 */
export function motionNow(): string[] {
  const moving = document
    .getAnimations()
    .filter((a) => a.playState === 'running')
    .map((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      return `${a.constructor.name} on ${target?.localName ?? '?'} part=${target?.getAttribute('part') ?? ''}`;
    });
  const roots: (Document | ShadowRoot)[] = [document];
  for (const root of roots)
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) roots.push(el.shadowRoot);
      if (getComputedStyle(el).scrollBehavior === 'smooth')
        moving.push(`smooth scrolling on ${el.localName}`);
    }
  return moving;
}

/**
 * 3.1.1 Language of page, 3.1.2 Language of parts: the page's `<html lang>`, and the `lang` the
 * widget's own words are marked with (the first element with a `lang` in the shadow root of the
 * page's `venue-*` element), null where there is none.
 */
export function languages(): { page: string; widget: string | null } {
  const host = document.querySelector('venue-events, venue-event, venue-buy-button');
  const marked = host?.shadowRoot?.querySelector('[lang]');
  return { page: document.documentElement.lang, widget: marked?.getAttribute('lang') ?? null };
}
