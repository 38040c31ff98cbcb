/**
 * The styles of the list's parts loaded after its first cards (`list-parts.ts`), which adds them
 * to the list's shadow root with the calendar menu's and the "Save" toggle's.
 */
import { css } from 'lit';

/** The view switch, the page navigation and the compact layout. */
export const listPartStyles = css`
  .view-switch button {
    height: 100%;
  }
  .view-switch [aria-pressed='true'] {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  /* One line per event: date, title and buy control, wrapping neatly in a narrow sidebar. */
  :host([layout='compact']) .list {
    grid-template-columns: 1fr;
    gap: 0.5em;
  }
  :host([layout='compact'])
    :is(img, .meta, .performers, .location, .excerpt, .stops, .actions, .cancelled-note) {
    display: none;
  }
  :host([layout='compact']) .body {
    flex-flow: row wrap;
    align-items: center;
    gap: 0.25em 0.75em;
    padding: 0.5em 0.75em;
  }
  :host([layout='compact']) .title {
    flex: 1 1 8em;
    font-size: 1em;
  }
  /* A list of several venues: the venue stays, after the title. */
  :host([layout='compact']) .venue {
    color: var(--_muted);
    font-size: 0.9em;
  }
  :host([layout='compact']) .buy {
    margin: 0;
    padding: 0;
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
