import { css } from 'lit';

/**
 * The full description's own blocks: only this element shows one, so its rule is here rather than
 * in the card's sheet, which the budgeted script carries (docs/widget.md "Size").
 */
export const descriptionStyles = css`
  .description {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .description :is(p, ul, ol) {
    margin: 0 0 0.5em;
  }
`;
