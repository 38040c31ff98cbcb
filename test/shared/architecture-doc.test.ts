/**
 * docs/architecture.md says where things are; this keeps it true. Every file and folder it names
 * (in backticks, or in the layers' tree) exists, and every function or symbol it names in
 * backticks is written in one of the files the same paragraph (or table row) names — or, where a
 * paragraph names none, somewhere in the product's code. A rename or a move fails here until the
 * page follows it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
const TOP = /^(?:server|widget|shared|scripts|packages|test|bench|examples|docs)\//;

/** The paths the layers' tree names: `  contract.ts` under `shared/`, and so on. */
function treePaths(): string[] {
  const tree = /## Layers\n\n```\n([\s\S]*?)```/.exec(DOC)![1]!;
  const paths: string[] = [];
  let folder = '';
  for (const line of tree.split('\n')) {
    const m = /^( {0,2})([\w./-]+?\/?)(?=\s|$)/.exec(line);
    if (!m || !/\.(?:ts|mjs|json)$|\/$/.test(m[2]!)) continue;
    if (m[1] === '') folder = m[2]!;
    paths.push(m[1] === '' ? m[2]! : `${folder}${m[2]}`);
  }
  return paths;
}

/** Paragraphs and table rows, each with the backticked words in it. */
function units(): { text: string; ticks: string[] }[] {
  const prose = DOC.replace(/```[\s\S]*?```/g, '');
  return prose
    .split(/\n\s*\n|\n(?=\||- |\d+\. )/)
    .map((text) => ({ text, ticks: [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!) }));
}

const isPath = (tick: string) =>
  (TOP.test(tick) || /^[\w.-]+\.(?:js|json)$/.test(tick)) && !/[{}*…\s]/.test(tick);
/** `takeFirstPage`, `Store.listedAcross`, `SERVER_LAYERS`: a name the code must still hold. */
const isSymbol = (tick: string) =>
  /^(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[A-Z][A-Z_]{3,})(?:\.\w+)?(?:\(\))?$/.test(tick);

/** Every source file of the product, for symbols a paragraph names without a file. */
function productFiles(dir = ROOT, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (dir === ROOT && !['server', 'widget', 'shared', 'scripts'].includes(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) productFiles(path, out);
    else if (/\.(?:ts|mjs)$/.test(name)) out.push(path);
  }
  return out;
}

describe('docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const named = [...treePaths(), ...units().flatMap((u) => u.ticks.filter(isPath))];
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('names each symbol where its paragraph says it is', () => {
    const everywhere = productFiles().map((file) => readFileSync(file, 'utf8'));
    const missing: string[] = [];
    let checked = 0;
    for (const unit of units()) {
      const files = unit.ticks
        .filter((t) => isPath(t) && /\.(?:ts|mjs|js)$/.test(t) && existsSync(join(ROOT, t)))
        .map((t) => readFileSync(join(ROOT, t), 'utf8'));
      for (const symbol of unit.ticks.filter(isSymbol)) {
        const name = symbol.replace(/\(\)$/, '').split('.').at(-1)!;
        const word = new RegExp(`\\b${name}\\b`);
        checked++;
        if (!(files.length > 0 ? files : everywhere).some((text) => word.test(text)))
          missing.push(`${symbol} (${unit.text.slice(0, 60).replace(/\n/g, ' ')}…)`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
