/**
 * `npm run bench:lighthouse`: Lighthouse (the npm package, 12.x: the last
 * major that runs on Node 20) driving Debian's Chromium, launched here with
 * `--remote-debugging-port`, on loopback against the app started as `npm start` runs it (demo
 * venue, frozen clock). Pages: the demo page `/`, the listing page `/t/blue-room/events` (skipped
 * with a message while it does not exist) and the event page of the first event in the API.
 *
 * Lighthouse's default settings: a mobile device, simulated throttling (its "slow 4G"), so the
 * performance score is Lighthouse's estimate for a phone on a slow network, not loopback time.
 * For each category scoring below 100 (the target is 95) the audits that cost it points are
 * printed (id and title); for SEO, accessibility and best practices that is every failing audit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROME_ARGS, CHROME_PATH, DEMO_SLUG, startApp } from './browser.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 95;

/** Chromium with a DevTools port; resolves with the port once it listens. */
function launchChromium(profile: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    CHROME_PATH,
    [...CHROME_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (!m) return;
      child.stderr!.removeAllListeners('data');
      child.stderr!.resume();
      resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${CHROME_PATH} exited ${code}: ${err}`)));
  });
}

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  explanation?: string;
}

/** The audits of a category that cost it points: scored, below 1, weighted (or, for performance, metrics and opportunities). */
function failing(
  audits: Record<string, AuditResult>,
  refs: { id: string; weight: number; group?: string }[],
): AuditResult[] {
  return refs
    .map((r) => ({ ref: r, audit: audits[r.id]! }))
    .filter(
      ({ audit }) =>
        audit.score !== null &&
        audit.score < 1 &&
        !['notApplicable', 'manual', 'informative', 'error'].includes(audit.scoreDisplayMode),
    )
    .map(({ audit }) => audit);
}

async function main(): Promise<void> {
  const app = await startApp('lighthouse-main');
  const profile = mkdtempSync(join(tmpdir(), 'venue-events-lighthouse-'));
  let chromium: ChildProcess | undefined;
  try {
    const list = (await (await fetch(`${app.url}/t/${DEMO_SLUG}/api/events`)).json()) as {
      data: { attributes: { slug: string | null } }[];
    };
    const slug = list.data.find((e) => e.attributes.slug)?.attributes.slug;
    const pages: { name: string; path: string }[] = [{ name: 'demo page', path: '/' }];
    const listing = `/t/${DEMO_SLUG}/events`;
    const probe = await fetch(app.url + listing);
    if (probe.ok && probe.headers.get('content-type')?.includes('text/html')) {
      pages.push({ name: 'listing page', path: listing });
    } else {
      console.log(
        `skipped the listing page: GET ${listing} answered ${probe.status} (not built yet?)`,
      );
    }
    if (slug) pages.push({ name: 'event page', path: `/t/${DEMO_SLUG}/events/${slug}` });
    else console.log('skipped the event page: no event in the API has a slug');

    const launched = await launchChromium(profile);
    chromium = launched.child;
    const version = (await (
      await fetch(`http://127.0.0.1:${launched.port}/json/version`)
    ).json()) as { Browser: string };
    console.log(
      `app ${app.url}, ${version.Browser}, Lighthouse defaults (mobile, simulated throttling)`,
    );

    const rows: string[] = [];
    const details: string[] = [];
    for (const page of pages) {
      const url = app.url + page.path;
      const result = await lighthouse(url, {
        port: launched.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        throw new Error(
          `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        );
      }
      for (const w of lhr.runWarnings) console.log(`warning (${page.name}): ${w}`);
      const scores = CATEGORIES.map((c) => {
        const s = lhr.categories[c]?.score;
        return s === null || s === undefined ? NaN : Math.round(s * 100);
      });
      rows.push(
        `| ${page.name} \`${page.path}\` | ${scores.map((s) => (s >= TARGET ? `${s}` : `**${s}**`)).join(' | ')} |`,
      );
      CATEGORIES.forEach((c, i) => {
        if (scores[i]! >= 100) return;
        const audits = failing(
          lhr.audits as Record<string, AuditResult>,
          lhr.categories[c]!.auditRefs,
        );
        details.push(`\n${page.name}, ${c} ${scores[i]}:`);
        for (const a of audits) {
          const score = a.score === null ? '' : ` (score ${a.score.toFixed(2)})`;
          const value = a.displayValue ? ` — ${a.displayValue}` : '';
          const why = a.explanation ? ` — ${a.explanation}` : '';
          details.push(`- \`${a.id}\`: ${a.title}${score}${value}${why}`);
        }
      });
    }
    console.log(
      `\n| page | ${CATEGORIES.join(' | ')} |\n|---|${CATEGORIES.map(() => '---:').join('|')}|`,
    );
    for (const r of rows) console.log(r);
    console.log(
      details.length
        ? `\nBelow 100 (bold: below the target ${TARGET}), the audits that cost points:`
        : `\nEvery score is 100.`,
    );
    for (const d of details) console.log(d);
  } finally {
    if (chromium && chromium.exitCode === null) {
      const exited = new Promise((resolve) => chromium!.once('exit', resolve));
      chromium.kill();
      await exited; // the profile is written until Chromium is gone
    }
    app.child.kill();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

await main();
