/**
 * Servers in front of a server under test, each a real HTTP server on 127.0.0.1:0 that sends every
 * request on to its target and streams the answer back, noting each request it forwards:
 * - a forwarding proxy as a TLS terminator in front of the server would be (nginx's `proxy_pass`
 *   with `proxy_set_header X-Forwarded-Host $host; X-Forwarded-Proto $scheme`), `startForwarder`;
 * - a platform's own front, forwarding as it is asked (its `Host` kept, so the links the target
 *   writes name the front), `startPassThrough`: what a proxy under test reads as its upstream, so a
 *   test can count the upstream requests a proxy makes.
 */
import {
  createServer,
  request,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import { listen, type Running } from './listen.js';

/** A server in front of another, and what it was asked. */
export interface Forwarding extends Running {
  /** The target of each request forwarded (`/t/x/api/events?page=1`), in the order received. */
  seen: string[];
}

export interface ForwarderOptions {
  /**
   * The address the forwarder connects to its target from (another loopback address, e.g.
   * `127.0.0.2`), so the target can trust this proxy's address alone (`--trust-proxy 127.0.0.2`)
   * and not its own; default the system's choice (127.0.0.1).
   */
  localAddress?: string;
}

/** A 404 in a platform's own words: what the front sends instead of the target's 404. */
export interface OwnNotFound {
  contentType: string;
  body: string;
}

interface Forward {
  headers: (req: IncomingMessage) => OutgoingHttpHeaders;
  localAddress?: string;
  notFound?: OwnNotFound;
}

/** Starts a server forwarding every request to `target` (`http://127.0.0.1:PORT`) as `forward` says. */
async function startForwarding(target: string, forward: Forward): Promise<Forwarding> {
  const to = new URL(target);
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url!);
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: forward.headers(req),
        ...(forward.localAddress && { localAddress: forward.localAddress }),
      },
      (answer) => {
        if (answer.statusCode === 404 && forward.notFound) {
          answer.resume();
          res.writeHead(404, { 'Content-Type': forward.notFound.contentType });
          res.end(forward.notFound.body);
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return { ...(await listen(server)), seen };
}

/**
 * Starts the forwarder to `target` (`http://127.0.0.1:PORT`), standing for the public address
 * `publicHost` reached over `publicProto` (e.g. `events.example`, `https`).
 */
export function startForwarder(
  target: string,
  publicHost: string,
  publicProto: 'http' | 'https',
  options: ForwarderOptions = {},
): Promise<Forwarding> {
  return startForwarding(target, {
    headers: (req) => ({
      ...req.headers,
      host: new URL(target).host,
      'x-forwarded-host': publicHost,
      'x-forwarded-proto': publicProto,
      'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
    }),
    localAddress: options.localAddress,
  });
}

/**
 * Starts a platform's front on `target`: each request forwarded as asked, `Host` included, and
 * each 404 of the target answered as `notFound` says where given (a platform that words its 404
 * its own way, e.g. "No such event.").
 */
export function startPassThrough(
  target: string,
  options: { notFound?: OwnNotFound } = {},
): Promise<Forwarding> {
  return startForwarding(target, { headers: (req) => req.headers, notFound: options.notFound });
}
