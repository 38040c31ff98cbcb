/** The styles of an event's "Add to calendar" menu (`calendar-menu.ts`). */
import { css } from 'lit';

/** The menu's styles, for the shadow root of the element whose cards show it. */
export const calendarMenuStyles = css`
  .calendar summary {
    list-style: none;
    text-decoration: underline;
    cursor: pointer;
  }
  /* The host's focus ring (host.styles.ts), here with the only summary the cards draw. */
  .calendar summary:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .calendar summary::-webkit-details-marker {
    display: none;
  }
  .calendar ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .calendar ul a {
    display: inline-block;
    padding-block: 0.4em;
  }
`;
