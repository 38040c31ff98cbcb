/** Styles of `<venue-events>`: the grid, its loading, empty and error states, the pagination. */
import { css } from 'lit';

export const listStyles = css`
  .list {
    display: grid;
    /* In em, not rem: a page with html { font-size: 10px } keeps cards as wide as its text needs. */
    grid-template-columns: repeat(
      auto-fill,
      minmax(min(100%, var(--venue-events-card-min-width, max(16em, 240px))), 1fr)
    );
    gap: var(--_gap);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* Not dimmed while the next page loads: dimming would take the text below AA contrast. */
  .list[aria-busy='true'] {
    cursor: progress;
  }
  .skeleton {
    min-height: 22em;
    border-radius: var(--_radius);
    background: linear-gradient(90deg, var(--_border) 0%, var(--_bg) 50%, var(--_border) 100%) 0 0 /
      200% 100%;
    animation: shimmer 1.4s linear infinite;
    opacity: 0.5;
  }
  @keyframes shimmer {
    to {
      background-position: -200% 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton {
      animation: none;
    }
  }
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
