import type { ReactNode } from 'react';
import { ORIGIN } from '../venue-events';

// The script tag goes in the root layout: it runs on whichever page a visitor lands on, so the
// element is defined when a <Link> brings the events page in (React does not run a script it
// inserts). crossOrigin matches the module script's own fetch: one download.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <script type="module" src={`${ORIGIN}/widget/venue-events.js`} crossOrigin="anonymous" />
      </head>
      <body>{children}</body>
    </html>
  );
}
