/** Runs the real `server/main.ts` (what `npm start` runs) as a child process for tests. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface MainProcess {
  child: ChildProcess;
  /** Resolves with the URL once it listens, or with its exit code if it exits first. */
  ready: Promise<{ url?: string; code?: number | null; out: string; err: string }>;
}

/** Starts `node --import tsx server/main.ts ...args` (Node itself, so kill() stops the server). */
export function startMain(args: string[], env: NodeJS.ProcessEnv = process.env): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
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
