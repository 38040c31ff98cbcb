import { describe, expect, it } from 'vitest';
import { demoVenueFile } from '../../server/demo/venue.js';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMain } from '../support/main-process.js';

const start = startMain;

describe('npm start (server/main.ts)', () => {
  it('with --db :memory: and --now, imports the demo venue and serves it on a free port', async () => {
    const { child, ready } = start([
      '--db',
      ':memory:',
      '--port',
      '0',
      '--now',
      '2026-12-05T12:00:00Z',
    ]);
    try {
      const { url } = await ready;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const body = await (await fetch(`${url}/t/blue-room/api/events`)).json();
      expect(body.meta.total).toBeGreaterThan(12);
      expect(body.data[0].links.self.startsWith(url!)).toBe(true);
    } finally {
      child.kill();
    }
  });

  it('--data imports a venue file; --base-url sets the links', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 've-main-')), 'venue.json');
    writeFileSync(file, JSON.stringify(demoVenueFile(new Date('2026-12-05T12:00:00Z'))));
    const { child, ready } = start([
      '--db',
      ':memory:',
      '--port',
      '0',
      '--data',
      file,
      '--base-url',
      'https://events.example.org/',
      '--now',
      '2026-12-05T12:00:00Z',
    ]);
    try {
      const { url } = await ready;
      const body = await (await fetch(`${url}/t/blue-room/api/events`)).json();
      expect(body.meta.path).toBe('https://events.example.org/t/blue-room/api/events');
    } finally {
      child.kill();
    }
  });

  it('on a non-loopback interface, warns once how to pin the links unless they are pinned', async () => {
    const warnings = async (args: string[]) => {
      const { child, ready } = start([
        '--db',
        ':memory:',
        '--port',
        '0',
        '--host',
        '0.0.0.0',
        ...args,
      ]);
      try {
        const { url, out } = await ready;
        expect(url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
        return out
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { level: number; msg: string })
          .filter((line) => line.level === 40);
      } finally {
        child.kill();
      }
    };
    const open = await warnings([]);
    expect(open).toHaveLength(1);
    expect(open[0]!.msg).toContain('--base-url https://');
    expect(open[0]!.msg).toContain('--allowed-host ');
    expect(await warnings(['--allowed-host', 'events.example.org'])).toEqual([]);
    expect(await warnings(['--base-url', 'https://events.example.org'])).toEqual([]);
  });

  it('--help prints usage; a bad option exits 2 with the reason', async () => {
    const help = await start(['--help']).ready;
    expect(help.code).toBe(0);
    expect(help.out).toContain('--base-url URL');
    const bad = await start(['--port', 'eighty']).ready;
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--port must be an integer');
  });
});
