/** Styles of `<venue-buy-button>`. */
import { css } from './sheet.js';

export const buyButtonStyles = css`
  .buy-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: 44px;
    padding: 0.55em 1.1em;
    /* Transparent, but drawn in forced-colours mode, where backgrounds are not. */
    border: 2px solid transparent;
    border-radius: var(--_radius);
    background: var(--_accent);
    color: var(--_on-accent);
    font-weight: 700;
    text-decoration: none;
  }
  .buy-button:hover {
    filter: brightness(1.08);
  }
  .status {
    margin: 0.35em 0 0;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .closed {
    display: inline-block;
    margin: 0;
    padding: 0.45em 0.8em;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    color: var(--_muted);
    font-weight: 600;
  }
  .message {
    margin: 0.35em 0 0;
    font-size: 0.9em;
  }
  @media (forced-colors: active) {
    .buy-button {
      border-color: ButtonText;
    }
  }
`;
