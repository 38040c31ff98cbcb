/**
 * The styles of the list's controls loaded after its first cards (`list-controls.ts`), which adds
 * them to the list's shadow root with the calendar menu's and the "Save" toggle's.
 */
import { css } from 'lit';

/**
 * The view switch, the page navigation and the past events' control (the compact layout's are the
 * list's own).
 */
export const listControlStyles = css`
  .view-switch button {
    height: 100%;
  }
  .view-switch [aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  button[aria-current='page'] {
    border-color: var(--_accent);
    background: var(--_accent);
    color: var(--_on-accent);
    font-weight: 700;
  }
  button[aria-disabled='true'] {
    opacity: 0.45;
    cursor: default;
  }
  nav ul {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    align-items: center;
    gap: 0.4em;
    margin: 1.25em 0 0;
    padding: 0;
    list-style: none;
  }
  /* "Past events" (docs/api.md §10.20), below the page navigation. */
  .past-switch {
    margin: 1.25em 0 0;
    text-align: center;
  }
  .arrow:dir(rtl) {
    display: inline-block;
    transform: scaleX(-1);
  }
  .gap {
    padding-inline: 0.25em;
    color: var(--_muted);
  }
  @media (forced-colors: active) {
    button[aria-current='page'] {
      border: 3px solid Highlight;
      text-decoration: underline;
    }
  }
`;
