/**
 * A forwarding proxy as a TLS terminator in front of the server would be (nginx's `proxy_pass`
 * with `proxy_set_header X-Forwarded-Host $host; X-Forwarded-Proto $scheme`): a real HTTP server
 * on 127.0.0.1:0 that sends each request on to `target` with the `X-Forwarded-*` headers of the
 * public address it stands for, and streams the answer back unchanged.
 */
import { createServer, request, type Server } from 'node:http';
import { listen, type Running } from './listen.js';

/**
 * Starts the forwarder to `target` (`http://127.0.0.1:PORT`), standing for the public address
 * `publicHost` reached over `publicProto` (e.g. `events.example`, `https`).
 */
export async function startForwarder(
  target: string,
  publicHost: string,
  publicProto: 'http' | 'https',
): Promise<Running> {
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          host: to.host,
          'x-forwarded-host': publicHost,
          'x-forwarded-proto': publicProto,
          'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return listen(server);
}
