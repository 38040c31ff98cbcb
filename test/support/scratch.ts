/**
 * Scratch folders for vitest files: `scratchDir(prefix)` makes `{os.tmpdir()}/{prefix}XXXXXX` and
 * removes it, with all it holds, once the tests of the file that made it have run. It may be called
 * anywhere in a test file (top level, a describe, a hook, a test): the removal is one `afterAll` of
 * the file, registered when the file's imports load this module (vitest loads a file's modules
 * afresh for each test file), so it runs after the file's own hooks have closed what used the
 * folders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder under `os.tmpdir()`, removed after this test file's tests. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
