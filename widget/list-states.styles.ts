/**
 * Styles of `<venue-events>`'s states that only the element draws, never the script's first paint
 * or `widget.html`: empty, error, "some events could not be shown". Kept out of the list's own
 * sheet (`venue-events.styles.ts`), which is in the budgeted script every first card waits for
 * (docs/widget.md "Size").
 */
import { css } from './sheet.js';

export const listStateStyles = css`
  .state {
    margin: 0;
    padding: 1.5em;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    text-align: center;
  }
  .notice {
    margin: 0 0 0.75em;
    color: var(--_danger);
  }
`;
