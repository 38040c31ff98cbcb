/**
 * Styles of `<venue-buy-button>`.
 * The declarations of a rule are in the order that gzips the widget's first script smallest
 * (measured, test/widget-build/size.test.ts), not a reading order.
 */
import { css } from './sheet.js';

export const buyButtonStyles = css`
  .buy-button {
    text-decoration: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    /* Transparent, but drawn in forced-colours mode, where backgrounds are not. */
    border: 2px solid transparent;
    min-height: 44px;
    padding: 0.55em 1.1em;
    border-radius: var(--_radius);
    background: var(--_accent);
    color: var(--_on-accent);
    font-weight: 700;
  }
  .buy-button:hover {
    filter: brightness(1.08);
  }
  .status {
    color: var(--_muted);
    font-size: 0.9em;
    margin: 0.35em 0 0;
  }
  .closed {
    display: inline-block;
    padding: 0.45em 0.8em;
    margin: 0;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    color: var(--_muted);
    font-weight: 600;
  }
  .message {
    font-size: 0.9em;
    margin: 0.35em 0 0;
  }
  @media (forced-colors: active) {
    .buy-button {
      border-color: ButtonText;
    }
  }
`;
