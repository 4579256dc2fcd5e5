/**
 * Requests take turns, one at a time, in arrival order (several tabs may share one engine). `enter`
 * resolves when it is the caller's turn, with the function that ends it; a turn may end early (a
 * delayed request waits outside the queue, then enters again at its end). Ending twice is harmless.
 */
export interface SerialQueue {
  enter(): Promise<() => void>;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<void> = Promise.resolve();
  return {
    enter() {
      const previous = tail;
      let leave: () => void = () => undefined;
      tail = new Promise<void>((resolve) => {
        leave = resolve;
      });
      return previous.then(() => leave);
    },
  };
}
