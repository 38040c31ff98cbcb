/** A test's own HTTP server on a free loopback port. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening on 127.0.0.1: its base URL, and a close that ends open connections too. */
export interface Running {
  url: string;
  close(): Promise<void>;
}

/** Starts `server` on 127.0.0.1 and a free port. */
export async function listen(server: Server): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
