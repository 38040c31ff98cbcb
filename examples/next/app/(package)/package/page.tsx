import { connection } from 'next/server';
import { drawnEvents } from '../../drawn-events';
import { Elements } from './elements';

export default async function PackageEvents() {
  await connection();
  const html = await drawnEvents();
  return (
    <main>
      <h1>What's on</h1>
      <div suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />
      <Elements />
    </main>
  );
}
