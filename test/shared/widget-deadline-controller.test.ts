/** widget/deadline-controller.ts with fake timers (no DOM needed). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { DeadlineController } from '../../widget/deadline-controller.js';

let now = 0;
let updates: number[] = [];

/** A host that records when it was asked to update and, like Lit, then calls hostUpdated. */
function host(deadline: number | null) {
  let controller: ReactiveController | undefined;
  const h: ReactiveControllerHost = {
    addController: (c) => void (controller = c),
    removeController: () => {},
    requestUpdate: () => {
      updates.push(now);
      controller!.hostUpdated!();
    },
    updateComplete: Promise.resolve(true),
  };
  new DeadlineController(
    h,
    () => deadline,
    () => now,
  );
  return controller!;
}

beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
  updates = [];
});
afterEach(() => vi.useRealTimers());

/** Advances the fake timers and the clock together. */
function advance(ms: number) {
  for (let i = 0; i < ms; i += 100) {
    now += 100;
    vi.advanceTimersByTime(100);
  }
}

describe('DeadlineController', () => {
  it('re-renders on each second boundary in the last minute, and exactly at the deadline', () => {
    const c = host(2_500);
    c.hostUpdated!();
    advance(3_000);
    expect(updates).toEqual([500, 1_500, 2_500]);
  });

  it('every 30 s in the last hour, then every second in the last minute', () => {
    const c = host(150_000);
    c.hostUpdated!();
    advance(151_000);
    expect(updates.slice(0, 4)).toEqual([30_000, 60_000, 90_000, 91_000]);
    expect(updates.at(-1)).toBe(150_000);
    expect(updates).toHaveLength(3 + 60);
  });

  it('disconnected: no more updates; connected again: re-renders at once and re-arms', () => {
    const c = host(5_000);
    c.hostUpdated!();
    c.hostDisconnected!();
    advance(6_000);
    expect(updates).toEqual([]);
    c.hostConnected!(); // moved or re-added after the deadline
    expect(updates).toEqual([6_000]);
  });

  it('no deadline, or a passed one: no timer', () => {
    host(null).hostUpdated!();
    host(-1).hostUpdated!();
    advance(120_000);
    expect(updates).toEqual([]);
  });
});
