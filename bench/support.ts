/** Pieces shared by the benches (`npm run bench:api`, `bench:proxy`, `bench:venues`). Not a test. */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';

/** Seconds per measured case (BENCH_SECONDS), after a 1 s warm-up. */
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
/** Connections of each autocannon run (BENCH_CONNECTIONS, default 10). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The frozen clock of every benchmarked server. */
export const NOW = '2026-12-05T12:00:00Z';
/** The server's script in `npm start`'s command. */
const START_SCRIPT = 'dist/server/main.js';

/**
 * The Node flags `npm start` runs the server with: those of the command in package.json's
 * "start" script that runs `dist/server/main.js` (`node <flags> dist/server/main.js`), so that
 * there is one place to change them. Throws if that script has no such command.
 */
export function startFlags(): string[] {
  // From the working directory (the repository's root, where `npm run` starts the benches and
  // `bundle` writes): a bench bundled into dist/bench/ that imports this module finds it too.
  const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start
    .split('&&')
    .map((command) => command.trim().split(/\s+/))
    .find((command) => command[0] === 'node' && command.includes(START_SCRIPT));
  if (!words) throw new Error(`package.json "start" has no "node … ${START_SCRIPT}" command`);
  return words.slice(1, words.indexOf(START_SCRIPT));
}

/** Node flags written as one string: space-separated; "" or "none" for none. */
export const parseFlags = (flags: string): string[] =>
  flags.trim() === 'none' ? [] : flags.split(' ').filter(Boolean);

/**
 * Node flags of our server processes: `npm start`'s (`startFlags`), or BENCH_NODE_FLAGS to
 * measure others ("none" for none). Baselines such as plain Express run on plain `node`, as a
 * user runs them: they never take these.
 */
export const SERVER_NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS === undefined
    ? startFlags()
    : parseFlags(process.env.BENCH_NODE_FLAGS);

/**
 * Bundles `entry` as `npm run build:server` bundles the server (plain Node, no tsx) into
 * `dist/bench/`, inside the repo so that node_modules resolve. Returns the bundle's path.
 */
export async function bundle(entry: string, name: string): Promise<string> {
  const outfile = `dist/bench/${name}.mjs`;
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Starts `node <flags> script args…` (our server's flags, `SERVER_NODE_FLAGS`, unless given) and
 * resolves with its base URL once its stdout matches `ready` (group 1 = URL or port). Its later
 * output is drained, not kept.
 */
export function spawnServer(
  script: string,
  args: string[],
  ready: RegExp,
  nodeFlags: string[] = SERVER_NODE_FLAGS,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...nodeFlags, script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = ready.exec(out);
      if (!m) return;
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({ child, url: /^\d+$/.test(m[1]!) ? `http://127.0.0.1:${m[1]}` : m[1]! });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

/** A TCP port free on 127.0.0.1 right now (a listener on port 0, closed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * Starts `node <nodeFlags> script args…` with its stdout on /dev/null (so a server's access log
 * costs what it costs in production with a discarded log, and nothing in this process) and
 * resolves once `url` answers at all, whatever the status. Give our server `SERVER_NODE_FLAGS`
 * and a baseline none.
 */
export async function spawnQuiet(
  script: string,
  args: string[],
  url: string,
  nodeFlags: string[],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags, script, ...args], {
    stdio: ['ignore', openSync('/dev/null', 'w'), 'inherit'],
  });
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  for (let tries = 0; tries < 200; tries++) {
    if (exited !== undefined) throw new Error(`${script} exited ${exited}`);
    try {
      await (await fetch(url)).arrayBuffer();
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill();
  throw new Error(`${script} did not answer ${url} within 10 s`);
}

/**
 * The peak resident memory of process `pid` so far, in MB (Linux's `VmHWM`), or undefined where
 * /proc does not tell it.
 */
export function peakRssMb(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Self time of one function or package in a CPU profile, as a share of the non-idle time. */
export interface ProfileShare {
  name: string;
  /** Share of the samples that were not idle, 0–1. */
  share: number;
}

/**
 * Where the time went in the `.cpuprofile` of `dir` (written by `node --cpu-prof`): the top
 * `count` functions by self time, and self time summed by package (`node_modules/<pkg>`, a
 * `node:` module, the bundled app, or V8's own entries such as the garbage collector).
 */
export function profileSummary(
  dir: string,
  count = 15,
): { functions: ProfileShare[]; packages: ProfileShare[] } {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id)!;
    if (frame.functionName === '(idle)') return;
    const dt = profile.timeDeltas[i] ?? 0;
    busy += dt;
    const where = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
    const fn = `${frame.functionName || '(anonymous)'} ${where ? `${where}:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1] ??
      (frame.url.startsWith('node:')
        ? frame.url.split('/')[0]!
        : frame.url
          ? 'app'
          : frame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
  });
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, t]) => ({ name, share: t / busy }));
  return { functions: top(byFunction), packages: top(byPackage) };
}

export interface Figure {
  name: string;
  /** Mean requests per second. */
  rps: number;
  /** Latency percentiles, ms. */
  p50: number;
  p99: number;
  /**
   * CPU time the server spent per request during the run, µs: its main thread's (where a Node
   * server's requests queue) and all its threads' (GC helpers included). Given when the server's
   * pid was, on Linux.
   */
  cpuUs?: { main: number; total: number };
}

/** Clock ticks a second of /proc's CPU times (`getconf CLK_TCK`: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU time (user + system) of a /proc `stat` file, ms; undefined if it cannot be read. */
function statCpuMs(path: string): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** CPU time of process `pid` so far, ms: its main thread's and all its threads'. */
export function cpuMs(pid: number): { main: number; total: number } | undefined {
  const main = statCpuMs(`/proc/${pid}/task/${pid}/stat`);
  const total = statCpuMs(`/proc/${pid}/stat`);
  return main === undefined || total === undefined ? undefined : { main, total };
}

/**
 * Loads `url` with autocannon (with request `headers`) for `seconds`; throws if any response is
 * not 2xx. With the server's `pid`, also its CPU time per request (`Figure.cpuUs`).
 */
export async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  pid: number | undefined,
  seconds: number,
): Promise<Figure> {
  const before = pid === undefined ? undefined : cpuMs(pid);
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const after = pid === undefined ? undefined : cpuMs(pid);
  if (r.non2xx > 0 || r.errors > 0) {
    throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  }
  const figure: Figure = { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
  if (before && after && r.requests.total > 0) {
    const perRequest = (ms: number) => (ms * 1000) / r.requests.total;
    figure.cpuUs = {
      main: perRequest(after.main - before.main),
      total: perRequest(after.total - before.total),
    };
  }
  return figure;
}

/**
 * Loads `url` with autocannon (with request `headers`) for `DURATION_S` after a 1 s warm-up;
 * throws if any response is not 2xx. With the server's `pid`, also its CPU time per request
 * (`Figure.cpuUs`): on a machine shared with other work, req/s swings with the CPU the server
 * happens to get, its cost per request far less.
 */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  pid?: number,
): Promise<Figure> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 }); // warm-up
  return load(name, url, headers, pid, DURATION_S);
}

/**
 * `measure` for several `cases` (`[name, url, request headers?]`) of one server (`pid`) taken in turns: each warmed
 * up for 1 s, then `rounds` rounds of every case for `DURATION_S` each, each figure the median
 * of its rounds. Cases measured one after the other compare what the machine happened to give
 * each (a JIT still warming, another process's burst); in turns, each ratio is of neighbours.
 */
export async function measureRounds(
  cases: readonly (readonly [string, string, Record<string, string>?])[],
  pid: number | undefined,
  rounds = 3,
): Promise<Figure[]> {
  for (const [, url, headers = {}] of cases) {
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  }
  const runs: Figure[][] = cases.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, [name, url, headers = {}]] of cases.entries()) {
      runs[i]!.push(await load(name, url, headers, pid, DURATION_S));
    }
  }
  return runs.map((figures) => {
    const mid = (of: (f: Figure) => number) => median(figures.map(of));
    const figure: Figure = {
      name: figures[0]!.name,
      rps: mid((f) => f.rps),
      p50: mid((f) => f.p50),
      p99: mid((f) => f.p99),
    };
    if (figures.every((f) => f.cpuUs)) {
      figure.cpuUs = { main: mid((f) => f.cpuUs!.main), total: mid((f) => f.cpuUs!.total) };
    }
    return figure;
  });
}

/**
 * Prints figures as a Markdown table with each req/s as a ratio to the first row's; when every
 * figure has its CPU cost (`cpuUs`), also that cost and the first row's cost over it (the req/s
 * ratio each would reach with a core to itself).
 */
export function printTable(title: string, figures: Figure[], ratioTo: string): void {
  const base = figures[0]!;
  const cpu = figures.every((f) => f.cpuUs);
  console.log(`\n${title}`);
  const cpuHead = cpu ? ` main-thread µs/req | all threads µs/req | × ${ratioTo}, by CPU |` : '';
  const cpuRule = cpu ? '---:|---:|---:|' : '';
  console.log(
    `| case | req/s | p50 ms | p99 ms | × ${ratioTo} |${cpuHead}\n|---|---:|---:|---:|---:|${cpuRule}`,
  );
  for (const f of figures) {
    const cost = f.cpuUs
      ? ` ${f.cpuUs.main.toFixed(0)} | ${f.cpuUs.total.toFixed(0)} | ${(base.cpuUs!.main / f.cpuUs.main).toFixed(2)} |`
      : '';
    console.log(
      `| ${f.name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${(f.rps / base.rps).toFixed(2)} |${cpu ? cost : ''}`,
    );
  }
}

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * A venue file's venue for the benches: `count` published events with ids from `firstId`, over 400
 * days from 2026-12-06 (one in ten a three-stop tour), each with a description, an image and a
 * pending closure, in IANA zone `timezone` (default London) and named `name` (default its slug).
 */
export function benchVenue(
  slug: string,
  count: number,
  firstId: number,
  {
    timezone = 'Europe/London',
    name = slug,
    firstDay = '2026-12-06',
  }: { timezone?: string; name?: string; firstDay?: string } = {},
) {
  const start = Date.parse(`${firstDay}T00:00:00Z`);
  return {
    slug,
    name,
    timezone,
    events: Array.from({ length: count }, (_, i) => {
      const id = firstId + i;
      const base = {
        id,
        title: `Event ${id}`,
        slug: `event-${id}`,
        category: 'Music',
        description: `<p>Description of event ${id}, with <strong>some</strong> HTML.</p>`,
        location: 'Main Room',
        status: 'published',
        tickets_enabled: true,
        show_images: true,
        small_image_path: `/storage/events/${id}.jpg`,
        sales: { close_at: '2027-06-01T17:00:00Z' },
      };
      const day = (n: number) => new Date(start + n * 86_400_000).toISOString().slice(0, 10);
      return i % 10 === 0
        ? {
            ...base,
            occurrences: [0, 7, 14].map((d) => ({
              date: day((i % 300) + d),
              time: '19:30',
              location: 'On tour',
            })),
          }
        : { ...base, date: day(i % 400), time: i % 2 ? '20:00' : '19:30' };
    }),
  };
}
