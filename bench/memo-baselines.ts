/**
 * Server process of `npm run bench:api`'s memo-hit comparison: sends one fixed response, the
 * exact status, headers and body bytes `npm start`'s server sends for list page 1 of the demo
 * venue, on every GET, logging each request with pino to stdout (which the bench points at
 * /dev/null), as `npm start`'s server does:
 *   node-http     plain node:http; the log line is method, URL, status and response time
 *   express       Express 5, one route; the same small log line
 *   express-pino  Express 5, one route, behind pino-http with its defaults (its usual line)
 * Usage: node memo-baselines.mjs KIND PORT RESPONSE_JSON, where RESPONSE_JSON holds
 * `{ headers: Record<string, string>, body: string (base64) }`. Not a test.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';

/** The recorded response a baseline sends (see the module comment). */
export interface RecordedResponse {
  headers: Record<string, string>;
  /** The body, base64. */
  body: string;
}

const [kind, port, responsePath] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(responsePath!, 'utf8')) as RecordedResponse;
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };
const logger = pino({ name: 'baseline' });

/** The small access line of the rows without pino-http. */
function logOnFinish(req: IncomingMessage, res: ServerResponse): void {
  const start = Date.now();
  res.once('finish', () => {
    const responseTime = Date.now() - start;
    logger.info(
      {
        req: { method: req.method, url: req.url },
        res: { statusCode: res.statusCode },
        responseTime,
      },
      'request completed',
    );
  });
}

function serve(): ReturnType<typeof createServer> {
  if (kind === 'node-http') {
    return createServer((req, res) => {
      logOnFinish(req, res);
      res.writeHead(200, headers).end(body);
    });
  }
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (kind === 'express-pino') app.use(pinoHttp({ logger }));
  else if (kind === 'express') app.use((req, res, next) => (logOnFinish(req, res), next()));
  else throw new Error(`unknown baseline "${kind}"`);
  app.get('/{*path}', (_req, res) => {
    res.set(headers).send(body);
  });
  return createServer(app);
}

const server = serve();
// The same keep-alive timeout as `npm start`'s server (server/main.ts SERVER_TIMEOUTS).
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1');
