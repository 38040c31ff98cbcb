/**
 * The published widget package's typings as a TypeScript site gets them: the packed package and
 * TypeScript alone installed into a new project outside the repository (`packedProject`), whose
 * strict `tsc --noEmit` with `skipLibCheck: false` (tsc's default: every `.d.ts` checked) compiles a
 * module using the package's public types. Each type the declarations reach must come from the
 * package or its dependencies (lit, dompurify): none from the server's (`@sinclair/typebox`).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npm, packageBuilt, packedProject } from '../support/packed.js';

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['DOM', 'ES2022'],
    strict: true,
    skipLibCheck: false,
    noEmit: true,
  },
  include: ['site.ts'],
};

/** A site's module: the registration import and the types `venue-events` exports. */
const SITE = `import 'venue-events';
import {
  buyState,
  VenueBuyButton,
  VenueElement,
  VenueEvent,
  VenueEvents,
  type BuyState,
  type EventPage,
} from 'venue-events';

const list: VenueEvents = document.createElement('venue-events');
const one: VenueEvent = document.createElement('venue-event');
const button: VenueBuyButton = document.createElement('venue-buy-button');
const elements: VenueElement[] = [list, one, button];

list.addEventListener('venue-events-load', (event) => {
  const page = (event as CustomEvent<EventPage>).detail;
  const titles: string[] = page.events.map((resource) => resource.attributes.title);
  console.log(page.page, page.lastPage, page.total, titles, elements.length);
});

const resource = one.event;
if (resource) {
  const id: string = resource.id;
  const self: string = resource.links.self;
  const state: BuyState = buyState(resource.attributes, Date.now(), '2030-01-01');
  if (state.kind === 'closed') console.log(id, self, state.reason, state.message);
  const next = resource.attributes.next_occurrence;
  if (next) console.log(next.occurrence_date, next.status);
}
`;

describe("TypeScript with import 'venue-events' in a project of its own", () => {
  let project: string | undefined;

  beforeAll(() => {
    expect(packageBuilt(), 'run npm run build:package').toBe(true);
    project = packedProject('ve-typings-');
    npm(['install', '--save-dev', 'typescript@~5.9'], project);
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    writeFileSync(join(project, 'site.ts'), SITE);
  }, 180_000);
  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('type-checks strict with skipLibCheck: false, from the project alone', () => {
    let output = '';
    let status = 0;
    try {
      execFileSync(join(project!, 'node_modules/.bin/tsc'), ['--noEmit', '-p', '.'], {
        cwd: project!,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      const failed = error as { status: number | null; stdout?: string; stderr?: string };
      status = failed.status ?? -1;
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 120_000);

  it('names in its declarations only the packages it depends on (npm hoisting aside)', () => {
    // A strict installer (pnpm) puts only the declared dependencies beside the package: a
    // declaration naming lit-html (lit's own dependency) would not resolve there.
    const root = join(project!, 'node_modules/venue-events');
    const declared = Object.keys(
      (
        JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
          dependencies: Record<string, string>;
        }
      ).dependencies,
    );
    const named = new Set<string>();
    for (const file of readdirSync(join(root, 'dist/types'), { recursive: true })) {
      if (!String(file).endsWith('.d.ts')) continue;
      const text = readFileSync(join(root, 'dist/types', String(file)), 'utf8');
      for (const [, specifier] of text.matchAll(/(?:import\(|from )"([^".][^"]*)"/g)) {
        named.add(
          specifier!.startsWith('@')
            ? specifier!.split('/').slice(0, 2).join('/')
            : specifier!.split('/')[0]!,
        );
      }
    }
    expect([...named].filter((name) => !declared.includes(name))).toEqual([]);
  });
});
