/**
 * `node scripts/run-parallel.mjs SCRIPT…`: runs each npm script at once (`npm test` runs the widget
 * suite and its run through the proxy so: each waits on its own Chromium most of the time, and
 * two at once take 180 s where one after the other took 295 s on two cores). Each script's output
 * is printed whole when it ends, so the two logs do not interleave; exits 1 when any script
 * failed, after all have ended.
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', script]);
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        process.stdout.write(Buffer.concat(output));
        console.log(`\n[npm run ${script}] exited ${code}\n`);
        resolve(code === 0);
      });
    }),
);
const passed = await Promise.all(runs);
process.exitCode = passed.every(Boolean) ? 0 : 1;
