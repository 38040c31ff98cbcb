/**
 * A Lit reactive controller for a pending deadline (a scheduled closure): it re-renders its host
 * when the countdown text can change (every second in the last minute, every 30 s in the last
 * hour, every minute before) and exactly at the deadline. Armed while the host is connected:
 * `hostConnected` re-renders (so a host moved or re-added after the deadline shows it passed),
 * `hostUpdated` arms the next step, `hostDisconnected` clears it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class DeadlineController implements ReactiveController {
  private timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * @param host the element to re-render
   * @param deadline the pending deadline in UTC epoch ms, or null for none
   * @param clock the host's clock, UTC epoch ms
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly deadline: () => number | null,
    private readonly clock: () => number,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.requestUpdate();
  }

  hostUpdated(): void {
    clearTimeout(this.timer);
    const at = this.deadline();
    if (at === null) return;
    const left = at - this.clock();
    if (left <= 0) return;
    const step = left <= 60_000 ? 1_000 : left <= 3_600_000 ? 30_000 : 60_000;
    // To the next step boundary, so the text changes on time; the last one is the deadline.
    this.timer = setTimeout(() => this.host.requestUpdate(), left % step || step);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }
}
