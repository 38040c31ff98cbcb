import { connection } from 'next/server';
import Link from 'next/link';
import { drawnEvents } from '../../drawn-events';

export default async function Events() {
  await connection(); // rendered per request: the build does not need the events server
  const html = await drawnEvents();
  return (
    <main>
      <h1>What's on</h1>
      <Link href="/">Home</Link>
      {/* The browser attaches the drawn shadow root before React hydrates: not a mismatch. */}
      <div suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />
    </main>
  );
}
