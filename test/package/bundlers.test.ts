/**
 * `import 'venue-events';` bundled by a site's own bundler (issue 39): the packed package installed
 * into a new project outside the repository (`packedProject`: its own `node_modules`, the
 * package's dependencies only) and bundled there by esbuild, Vite and webpack 5, each resolving
 * from that project alone. Each bundle defines the elements, and every module in it comes from
 * the project: the package reaches no dependency it does not declare (luxon, the server's).
 * Each bundle's size (every emitted chunk, bytes and gzip) is written to
 * test-results/package-bundles.json for docs/widget.md "npm package".
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild, type Rolldown } from 'vite';
import webpack from 'webpack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageBuilt, packedProject } from '../support/packed.js';

/** The site's entry module, as docs/widget.md "npm package" has it. */
const ENTRY = "import 'venue-events';\n";
const SIZES = resolve('test-results/package-bundles.json');

/** A bundle's emitted JavaScript files (its chunks) and the modules the bundler resolved. */
interface Bundle {
  chunks: string[];
  /** Absolute paths of the modules in the bundle (the bundler's virtual helpers left out). */
  modules: string[];
}

/** Bytes and gzip bytes (level 9) of a bundle's chunks, summed; the number of chunks. */
const sizeOf = ({ chunks }: Bundle) => ({
  chunks: chunks.length,
  bytes: chunks.reduce((sum, code) => sum + Buffer.byteLength(code), 0),
  gzip: chunks.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0),
});

/** esbuild from the project's folder (`absWorkingDir`), minified, one ES module. */
async function withEsbuild(project: string): Promise<Bundle> {
  const result = await esbuild({
    absWorkingDir: project,
    entryPoints: ['entry.js'],
    bundle: true,
    format: 'esm',
    minify: true,
    outdir: 'out-esbuild',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return {
    chunks: result.outputFiles.map((file) => file.text),
    // The metafile names inputs relative to `absWorkingDir`.
    modules: Object.keys(result.metafile.inputs).map((input) => resolve(project, input)),
  };
}

/** Vite's production build with its `root` at the project (no config file), not written. */
async function withVite(project: string): Promise<Bundle> {
  const result = (await viteBuild({
    root: project,
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir: 'out-vite',
      write: false,
      rolldownOptions: { input: join(project, 'entry.js') },
    },
  })) as Rolldown.RolldownOutput;
  const chunks = result.output.filter((file) => file.type === 'chunk');
  return {
    chunks: chunks.map((chunk) => chunk.code),
    // `\0…` ids are Vite's own helpers (the dynamic-import preloader), not files.
    modules: chunks.flatMap((chunk) => chunk.moduleIds).filter((id) => !id.startsWith('\0')),
  };
}

/** webpack 5 in production mode with its `context` at the project, written to `out-webpack`. */
async function withWebpack(project: string): Promise<Bundle> {
  const out = join(project, 'out-webpack');
  const compiler = webpack({
    context: project,
    mode: 'production',
    entry: './entry.js',
    output: { path: out },
    infrastructureLogging: { level: 'none' },
  });
  const stats = await new Promise<webpack.Stats>((done, fail) =>
    compiler.run((error, result) =>
      compiler.close(() =>
        error || !result ? fail(error ?? new Error('no stats')) : done(result),
      ),
    ),
  );
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  const { assets, modules } = stats.compilation;
  return {
    // Emitted, the assets' sources are sizes only: the files are read back.
    chunks: Object.keys(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(out, name), 'utf8')),
    // A module's `resource` is its file; webpack's runtime modules have none.
    modules: [...modules].flatMap((m) => ('resource' in m ? [m.resource as string] : [])),
  };
}

describe("import 'venue-events' in a project of its own", () => {
  let project: string | undefined;
  const sizes: Record<string, ReturnType<typeof sizeOf>> = {};

  beforeAll(() => {
    expect(packageBuilt(), 'run npm run build:package').toBe(true);
    project = packedProject('ve-bundlers-');
    writeFileSync(join(project, 'entry.js'), ENTRY);
  }, 120_000);
  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
    if (Object.keys(sizes).length === 0) return;
    mkdirSync(resolve(SIZES, '..'), { recursive: true });
    writeFileSync(SIZES, `${JSON.stringify(sizes, null, 2)}\n`);
  });

  const bundlers = { esbuild: withEsbuild, Vite: withVite, 'webpack 5': withWebpack };
  for (const [name, bundle] of Object.entries(bundlers)) {
    it(`${name} bundles it from the project alone, the elements defined`, async () => {
      const result = await bundle(project!);
      const code = result.chunks.join('\n');
      for (const tag of ['venue-events', 'venue-event', 'venue-buy-button']) {
        expect(code, tag).toMatch(new RegExp(`customElements\\.define\\(\\s*["'\`]${tag}["'\`]`));
      }
      expect(result.modules.length).toBeGreaterThan(0);
      const outside = result.modules.filter((path) => !path.startsWith(`${project}${sep}`));
      expect(outside, 'resolved outside the project').toEqual([]);
      const packages = new Set(
        result.modules.map((path) => relative(project!, path).split(sep).slice(0, 2).join('/')),
      );
      expect(packages).toContain('node_modules/venue-events');
      expect(packages).toContain('node_modules/lit-html');
      sizes[name] = sizeOf(result);
    }, 120_000);
  }
});
