import Link from 'next/link';

export default function Home() {
  return (
    <main>
      <h1>The Blue Room</h1>
      <Link href="/events">What's on</Link>
    </main>
  );
}
