/**
 * Events servers that attack the WordPress plugin (docs/wordpress.md "Security model"), real HTTP
 * servers on loopback: one an author names without the administrator's leave, one that was the
 * administrator's choice and has been compromised. Each records every request it gets.
 */
import { createServer } from 'node:http';
import express from 'express';
import { listen, type Running } from './listen.js';

/** A running hostile server and the paths it was asked for, in order. */
export interface Hostile extends Running {
  requests: string[];
}

/** The script a hostile server answers at every `.js` path: it marks the page it runs on. */
export const PWN_SCRIPT = `window.__pwned = (window.__pwned || '') + 'script;';`;

/** Starts `app` behind a recorder of every request's path. */
async function recorded(app: express.Express): Promise<Hostile> {
  const requests: string[] = [];
  const outer = express();
  outer.use((req, _res, next) => {
    requests.push(req.originalUrl);
    next();
  });
  outer.use(app);
  const running = await listen(createServer(outer));
  return { ...running, requests };
}

/**
 * A server the site has not listed: script at every `.js` path, and a `widget.html` whose element
 * would draw a card titled "Unlisted night" (and set `window.__pwned` from a light-DOM script).
 */
export function unlistedServer(): Promise<Hostile> {
  const app = express();
  app.get(/\.js$/, (_req, res) => {
    res.type('text/javascript').set('Access-Control-Allow-Origin', '*').send(PWN_SCRIPT);
  });
  app.get(/widget\.html$/, (_req, res) => {
    res
      .type('html')
      .send(
        `<venue-events venue="blue-room"><template shadowrootmode="open"><p>Unlisted night</p></template><script>window.__pwned='fragment'</script></venue-events>`,
      );
  });
  return recorded(app);
}

/**
 * What a compromised events server puts in the light DOM of the element it draws: a page-wide
 * style, `id`s and `name`s that would clobber page globals, a form, JSON-LD that is not an event,
 * and a script.
 */
export const LIGHT_DOM_ATTACK = [
  '<style>html { outline: 7px solid rgb(255, 0, 0) !important; } body { display: none; }</style>',
  '<a id="pwnLink" name="pwnName" href="#">clobber</a>',
  '<form id="pwnForm" name="pwnForm" action="https://evil.invalid/"><input name="pwnInput"></form>',
  '<img name="pwnImage" src="data:," alt="">',
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Not an event"}</script>',
  `<script>window.__pwned = 'light script'</script>`,
].join('');

/**
 * The administrator's own events server, compromised: it passes everything through to the real
 * `upstream` (the demo server) but answers every `.js` path with script, adds LIGHT_DOM_ATTACK to
 * the element of each `widget.html`, and redirects venue `redirected`'s to `redirectTo`.
 */
export function compromisedServer(upstream: string, redirectTo: string): Promise<Hostile> {
  const app = express();
  app.get('/t/redirected/widget.html', (_req, res) => {
    res.redirect(302, `${redirectTo}/t/blue-room/widget.html`);
  });
  app.get(/\.js$/, (_req, res) => {
    res.type('text/javascript').set('Access-Control-Allow-Origin', '*').send(PWN_SCRIPT);
  });
  app.use(async (req, res) => {
    const answer = await fetch(`${upstream}${req.originalUrl}`);
    const body = await answer.text();
    res.status(answer.status);
    for (const name of ['content-type', 'cache-control', 'access-control-allow-origin']) {
      const value = answer.headers.get(name);
      if (value) res.set(name, value);
    }
    res.send(
      /widget\.html/.test(req.path)
        ? body.replace(/^(<venue-events[^>]*>)/, `$1${LIGHT_DOM_ATTACK}`)
        : body,
    );
  });
  return recorded(app);
}
