/** Real servers on 127.0.0.1:0 for the proxy tests: the proxy, and a fault server as upstream. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyApp, type ProxyOptions } from '../../server/proxy/app.js';

export interface Running {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<Running> {
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

export async function startProxy(options: ProxyOptions & { now?: () => number }): Promise<Running> {
  const app = createProxyApp({ logger: false, ...options });
  return listen(createServer(app));
}

/** One request as the upstream saw it. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export const listBody = (base: string, extra: Record<string, unknown> = {}) => ({
  data: [
    {
      type: 'events',
      id: '1',
      attributes: {
        title: 'Gig',
        ticket_office: {
          status: 'open',
          reason: null,
          closes_at: null,
          closed_at: null,
          message: null,
        },
      },
      links: { self: `${base}/t/v/api/events/1` },
    },
  ],
  links: {
    first: `${base}/t/v/api/events?page=1`,
    last: `${base}/t/v/api/events?page=1`,
    prev: null,
    next: null,
  },
  meta: { current_page: 1, path: `${base}/t/v/api/events`, links: [] },
  ...extra,
});

/**
 * A small upstream whose behaviour is chosen by the venue slug: `ok`, `slow`, `reset`, `html500`,
 * `badjson`, `oversize`, `flap` (alternates 200 and 500), `gone` (404), `cookie` (sets a cookie),
 * `etag` (answers If-None-Match with 304). Every request is logged in `seen`.
 */
export async function startFaultServer(options: { delayMs?: number } = {}) {
  const seen: Seen[] = [];
  let flap = 0;
  let base = '';
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    const slug = /^\/t\/([^/]+)\//.exec(req.url!)?.[1] ?? '';
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'public, max-age=30',
        ...headers,
      });
      res.end(JSON.stringify(body));
    };
    const go = () => {
      switch (slug) {
        case 'slow':
          return setTimeout(() => json(200, listBody(base)), 2000);
        case 'reset':
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '5000' });
          res.write('{"data":[');
          return setTimeout(() => res.socket?.destroy(), 20);
        case 'html500':
          res.writeHead(500, { 'Content-Type': 'text/html' });
          return res.end('<html><body>Internal error</body></html>');
        case 'badjson':
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return res.end('{"data": [oops');
        case 'oversize':
          return json(200, listBody(base, { padding: 'x'.repeat(50_000) }));
        case 'flap':
          return flap++ % 2 === 0
            ? json(200, listBody(base))
            : json(500, { errors: [{ status: '500' }] });
        case 'gone':
          return json(404, {
            errors: [{ status: '404', title: 'Not Found', detail: 'Upstream: no such venue.' }],
          });
        case 'cookie':
          return json(200, listBody(base), { 'Set-Cookie': 'session=secret; HttpOnly' });
        case 'etag':
          if (req.headers['if-none-match'] === '"v1"') {
            res.writeHead(304, { ETag: '"v1"', 'Cache-Control': 'public, max-age=30' });
            return res.end();
          }
          return json(200, listBody(base), { ETag: '"v1"' });
        default:
          return json(200, listBody(base));
      }
    };
    if (options.delayMs) setTimeout(go, options.delayMs);
    else go();
  });
  const running = await listen(server);
  base = running.url;
  return { ...running, seen };
}
