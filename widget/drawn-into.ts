/**
 * Lit's way into markup drawn by `markup.ts` (docs/decisions.md "One template per view"): the
 * elements give its strings to Lit (`unsafeHTML`), then draw what only an element has into the
 * element those strings wrote, just before this directive's place in the template.
 */
import { nothing, render } from 'lit';
import {
  Directive,
  directive,
  PartType,
  type ChildPart,
  type DirectiveResult,
  type PartInfo,
} from 'lit/directive.js';

/**
 * Renders a value into the element drawn just before it: after that element's children, or before
 * the one `before` picks (the list's live region, which stays last). `setUp` then sets on that
 * element what is not a child of it (an attribute that changes, a placeholder's properties). Its
 * own part renders nothing. Event listeners in the value are called on the host, as in the
 * host's own template. A new element (its markup changed) gets the value drawn anew.
 */
class DrawnInto extends Directive {
  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('drawnInto: a child binding only');
  }

  render(
    _value: unknown,
    _before?: (el: Element) => ChildNode | null,
    _setUp?: (el: Element) => void,
  ) {
    return nothing;
  }

  override update(
    part: ChildPart,
    [value, before, setUp]: Parameters<DrawnInto['render']>,
  ): typeof nothing {
    const el = (part.startNode as Comment).previousElementSibling!;
    render(value, el as HTMLElement, {
      host: part.options?.host,
      renderBefore: before?.(el) ?? null,
    });
    setUp?.(el);
    return nothing;
  }
}

/**
 * See `DrawnInto`: `drawnInto(value, before?, setUp?)`. Typed by `lit`'s own names, which the
 * package's declarations may name (lit-html is lit's dependency, not the package's).
 */
export const drawnInto: (
  ...values: Parameters<DrawnInto['render']>
) => DirectiveResult<typeof DrawnInto> = directive(DrawnInto);
