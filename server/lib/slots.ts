/**
 * A bound on how many of a kind of task run at once (fetches of sources, reading workers): a
 * task waits for a slot, in the order it asked, and gives it back when it ends.
 */
export class Slots {
  readonly #size: number;
  readonly #waiting: (() => void)[] = [];
  #taken = 0;

  /** @param size tasks at once, 1 or more */
  constructor(size: number) {
    this.#size = Math.max(1, size);
  }

  /** Runs `task` in a slot; resolves or rejects as it does. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#taken >= this.#size)
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#taken++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `#taken` stays as it is.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#taken--;
    }
  }
}
