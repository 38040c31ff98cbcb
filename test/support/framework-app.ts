/**
 * A framework example (examples/next, examples/astro) as a site builder runs it: built with the
 * framework's own CLI, then served by its own Node process on a free loopback port, beside the
 * events server the test starts (or leaves down) on a port chosen before the build.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** A loopback port nothing listens on now (the OS's choice, released at once). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A scratch copy of `examples/{name}` at `{tmp}/examples/{name}` (returned), with the repository's
 * `node_modules` and `packages` linked beside it as in the repository: a build there writes its
 * output (`.next`, `next-env.d.ts`, tsconfig additions) outside the working tree.
 */
export function exampleCopy(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `ve-${name}-`));
  const copy = join(root, 'examples', name);
  mkdirSync(join(root, 'examples'));
  cpSync(resolve('examples', name), copy, {
    recursive: true,
    filter: (from) => !/[\\/](?:node_modules|\.next|\.astro|dist)$/.test(from),
  });
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  symlinkSync(resolve('packages'), join(root, 'packages'), 'dir');
  return copy;
}

/** A scratch folder whose `node_modules` is the repository's (a build's output imports from it). */
export function scratchWithModules(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `ve-${name}-`));
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/** Removes a scratch folder made by `exampleCopy` (given the copy) or `scratchWithModules`. */
export function removeScratch(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

interface Command {
  /** The Node script and its arguments (`node_modules/next/dist/bin/next`, `build`). */
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

/** Runs a Node script to its end; rejects with its output when it exits non-zero. */
export function runNode({ args, cwd, env }: Command): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(output) : fail(new Error(`${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/** A server process the test started: its origin, what it wrote, and its end. */
export interface AppProcess {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  origin: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  close(): Promise<void>;
}

/**
 * Starts a Node server script that listens on `port` of 127.0.0.1 and resolves once it answers
 * HTTP there (any status); rejects with its output if it exits first.
 */
export async function serveNode(command: Command, port: number): Promise<AppProcess> {
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: { ...process.env, ...command.env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<never>((_, fail) =>
    child.on('exit', (code) => fail(new Error(`server exited ${code}:\n${output}`))),
  );
  exited.catch(() => undefined);
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    const up = await Promise.race([
      fetch(origin, { method: 'HEAD' }).then(
        () => true,
        () => false,
      ),
      exited,
    ]);
    if (up) break;
    await new Promise((next) => setTimeout(next, 100));
  }
  return {
    origin,
    output: () => output,
    close: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** What a page did that a visitor would suffer or the network would carry, noted as it happens. */
export interface PageWatch {
  /** URLs requested from the events server's list API (`/api/events`). */
  lists: string[];
  /** URLs of each download of the widget's script (`/widget/venue-events.js`). */
  scripts: string[];
  /** Uncaught page errors and console errors (React's hydration warnings are console errors). */
  errors: string[];
}

/** Starts noting `page`'s list requests, script downloads, page errors and console errors. */
export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { lists: [], scripts: [], errors: [] };
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.includes('/api/events')) watch.lists.push(r.url());
    if (path.endsWith('/widget/venue-events.js')) watch.scripts.push(r.url());
  });
  page.on('pageerror', (e) => watch.errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') watch.errors.push(`console error: ${m.text()}`);
  });
  return watch;
}

/**
 * What `countSkeletons` runs in the page before its own scripts, as plain JavaScript: a function
 * handed to Playwright would be the transpiler's output, whose helpers (`__name`) the page lacks.
 */
const SKELETON_WATCH = `(() => {
  window.skeletons = 0;
  const watched = new WeakSet();
  const holdsSkeleton = (node) =>
    node instanceof Element && (node.matches('.skeleton') || !!node.querySelector('.skeleton'));
  const watch = (root) => {
    if (watched.has(root)) return;
    watched.add(root);
    if (root.querySelector('.skeleton')) window.skeletons++;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (holdsSkeleton(node)) window.skeletons++;
      }
    }).observe(root, { childList: true, subtree: true });
  };
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    if (this.localName === 'venue-events') watch(root);
    return root;
  };
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('venue-events')) {
      if (el.shadowRoot) watch(el.shadowRoot);
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

/**
 * Counts, from the page's start, each time a loading skeleton is put into a `<venue-events>`'s
 * shadow root, however briefly (read as `window.skeletons`): a MutationObserver on every such
 * root, the declarative ones found as they are parsed and the others as they are attached.
 */
export async function countSkeletons(page: Page): Promise<void> {
  await page.addInitScript({ content: SKELETON_WATCH });
}

/**
 * Waits until the page's `<venue-events>` is defined and has rendered, then answers how many
 * cards it shows and whether the drawn root was taken over (its `<style>` elements gone: the
 * element's own renders use constructed sheets). Playwright's CSS locators pierce open roots.
 */
export async function takenOverCards(page: Page): Promise<{ cards: number; ownRoot: boolean }> {
  await page.locator('venue-events [part="card"]').first().waitFor();
  await page.evaluate(async () => {
    await customElements.whenDefined('venue-events');
    const el = document.querySelector('venue-events') as unknown as {
      updateComplete: Promise<unknown>;
    };
    await el.updateComplete;
  });
  return {
    cards: await page.locator('venue-events [part="card"]').count(),
    ownRoot: (await page.locator('venue-events style').count()) === 0,
  };
}
