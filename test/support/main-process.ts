/** Runs the real `server/main.ts` (what `npm start` runs) as a child process for tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface MainProcess {
  child: ChildProcess;
  /** Resolves with the URL once it listens, or with its exit code if it exits first. */
  ready: Promise<{ url?: string; code?: number | null; out: string; err: string }>;
}

/** Starts `node --import tsx server/main.ts ...args` (Node itself, so kill() stops the server). */
export function startMain(args: string[], env: NodeJS.ProcessEnv = process.env): MainProcess {
  return started(['--import', 'tsx', 'server/main.ts', ...args], env);
}

/**
 * Starts the built server exactly as `npm start` does (its Node flags read from package.json's
 * `start` script, so a change there reaches the test), after `npm run build`.
 */
export function startBuilt(args: string[], env: NodeJS.ProcessEnv = process.env): MainProcess {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const command = /&& node (.*dist\/server\/main\.js)/.exec(pkg.scripts.start)![1]!;
  return started([...command.split(' '), ...args], env);
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
