import type { ReactNode } from 'react';

// A root layout without the script tag: on these pages the npm package defines the elements.
export default function PackageLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
