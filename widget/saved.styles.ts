/** The styles of the "Save" toggle (`saved.ts`). */
import { css } from 'lit';

/** The toggle's styles: at the end of the card's category row, which is as tall as it. */
export const savedStyles = css`
  .save {
    margin-inline-start: auto;
    font-size: 1.25em; /* the row's 0.8em, back to the card's size */
    text-transform: none;
    letter-spacing: 0;
    font-weight: 400;
  }
  .save[aria-pressed='true'] {
    border-color: var(--_accent);
    color: var(--_fg);
    font-weight: 700;
  }
`;
