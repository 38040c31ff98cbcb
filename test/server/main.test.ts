import { describe, expect, it } from 'vitest';
import { demoVenueFile } from '../../server/demo/venue.js';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseServerOptions, UsageError } from '../../server/cli-options.js';
import { startMain } from '../support/main-process.js';
import { scratchDir } from '../support/scratch.js';

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
    const file = join(scratchDir('ve-main-'), 'venue.json');
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
    expect(help.out).toMatch(/--venues FILE .+\n.+VENUE_EVENTS_VENUES\n/);
    const bad = await start(['--port', 'eighty']).ready;
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--port must be an integer');
  });

  describe('--venues FILE (proxy mode: the venues it fronts)', () => {
    // Nothing listens here: a proxy starts without asking its upstream anything.
    const upstream = ['--upstream', 'http://127.0.0.1:9', '--port', '0'];

    it('a good file starts the proxy; a --venue-zone the file overrides is a warning', async () => {
      const { child, ready } = start([
        ...upstream,
        '--venues',
        'server/demo/proxy-venues.json',
        '--venue-zone',
        'blue-room=Europe/Paris',
        '--venue-zone',
        'night-owl=America/New_York',
      ]);
      try {
        const { url, out } = await ready;
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(await (await fetch(`${url}/healthz`)).json()).toEqual({
          status: 'ok',
          mode: 'proxy',
        });
        const lines = out
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { level: number; msg: string; venues?: string[] });
        expect(lines.find((line) => line.msg === 'read venue file')?.venues).toEqual(['blue-room']);
        expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([
          "--venue-zone blue-room=Europe/Paris gives way to the venue file's zone Europe/London",
        ]);
      } finally {
        child.kill();
      }
    });

    it('a bad file is one line naming it and the JSON path, exit code 1', async () => {
      const file = join(scratchDir('ve-main-'), 'proxy-venues.json');
      writeFileSync(
        file,
        JSON.stringify({ venues: [{ slug: 'blue-room', name: 'Blue', timezone: 'Mars/Base' }] }),
      );
      const { code, out, err } = await start([...upstream, '--venues', file]).ready;
      expect(code).toBe(1);
      expect(err).toBe(
        `venue-events: ${file}: venues[0].timezone: unknown IANA time zone "Mars/Base"\n`,
      );
      expect(out).not.toContain('listening');
    });

    it('from VENUE_EVENTS_VENUES too: a missing file is one line, exit code 1', async () => {
      const missing = join(tmpdir(), 've-no-such-dir', 'venues.json');
      const { code, err } = await start(upstream, {
        ...process.env,
        VENUE_EVENTS_VENUES: missing,
      }).ready;
      expect(code).toBe(1);
      expect(err).toBe(`venue-events: ${missing}: cannot read the file (ENOENT)\n`);
    });

    it('is read from its environment variable, the flag winning; refused in origin mode', async () => {
      const proxy = ['--upstream', 'https://platform.example'];
      expect(parseServerOptions(proxy, { VENUE_EVENTS_VENUES: 'a.json' }).venues).toBe('a.json');
      expect(
        parseServerOptions([...proxy, '--venues', 'b.json'], { VENUE_EVENTS_VENUES: 'a.json' })
          .venues,
      ).toBe('b.json');
      expect(parseServerOptions(proxy, {}).venues).toBeUndefined();
      expect(() => parseServerOptions(['--venues', 'a.json'], {})).toThrow(UsageError);
      const origin = await start(['--db', ':memory:', '--port', '0', '--venues', 'a.json']).ready;
      expect(origin.code).toBe(2);
      expect(origin.err.split('\n')[0]).toBe(
        '--venues names the venues a proxy fronts and needs --upstream; in origin mode the venue file given with --data or imported describes them',
      );
    });
  });
});
