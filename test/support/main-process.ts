/**
 * Runs the server and the import CLI as child processes for tests, from the bundle `npm run
 * build` writes (`dist/server/`, what `npm start` runs; `./server-bundle.ts` builds it again when
 * the code changed): Node starts it without compiling `server/main.ts` under tsx first (about
 * 2.4 s a start).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { serverBundle } from './server-bundle.js';

export interface MainProcess {
  child: ChildProcess;
  /** Resolves with the URL once it listens, or with its exit code if it exits first. */
  ready: Promise<{ url?: string; code?: number | null; out: string; err: string }>;
}

/** The Node flags of package.json's `start` script (so a change there reaches the tests). */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const command = /&& node (.*)dist\/server\/main\.js/.exec(pkg.scripts.start)![1]!;
  return command.split(' ').filter(Boolean);
}

/**
 * Starts the built server exactly as `npm start` does (`node FLAGS dist/server/main.js ...args`,
 * Node itself, so kill() stops the server). @throws Error when the bundle cannot be built.
 */
export function startMain(args: string[], env: NodeJS.ProcessEnv = process.env): MainProcess {
  return started(mainArgs(...args), env);
}

/**
 * The argument list of `npm start -- ...args` (`node` takes it: the start script's flags, the
 * built `main.js`, `args`), for a run that ends by itself. @throws Error when the bundle cannot
 * be built.
 */
export function mainArgs(...args: string[]): string[] {
  return [...startFlags(), serverBundle('main.js'), ...args];
}

/** The same as `startMain` (its earlier name, kept for the benches). */
export const startBuilt = startMain;

/**
 * The argument list of `npm run import -- ...args` run from the bundle: `node` (process.execPath)
 * takes it. @throws Error when the bundle cannot be built.
 */
export function importCliArgs(...args: string[]): string[] {
  return [serverBundle('import-cli.js'), ...args];
}

function started(argv: string[], env: NodeJS.ProcessEnv): MainProcess {
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const ready = new Promise<{ url?: string; code?: number | null; out: string; err: string }>(
    (resolve) => {
      child.stdout!.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+?)\/\s/.exec(out);
        if (m) resolve({ url: m[1], out, err });
      });
      child.on('exit', (code) => resolve({ code, out, err }));
    },
  );
  return { child, ready };
}
