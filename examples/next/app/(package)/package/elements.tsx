'use client';
// The npm package's elements, defined in the browser; the drawn cards are taken over, not
// fetched again.
import 'venue-events';

export function Elements() {
  return null;
}
