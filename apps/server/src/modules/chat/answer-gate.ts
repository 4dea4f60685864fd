/**
 * First come, first served: at most `limit` answers at a time in their database- and CPU-heavy
 * start (retrieval and, for the offline engine, composing up to the first piece); the others wait
 * in arrival order. Without it, 1,000 questions at once on PostgreSQL each held the pool's queue
 * with several retrieval statements, and two thirds failed on the pool's 5 s connection wait
 * (ADR 028). The paced streaming after the first piece is not limited.
 */
export interface AnswerGate {
  /** Waits for a place; the returned function gives it back (calling it twice is harmless). */
  enter(signal: AbortSignal): Promise<() => void>;
}

export function createAnswerGate(limit: number): AnswerGate {
  let active = 0;
  const waiting: (() => void)[] = [];

  const leave = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  const once = () => {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      leave();
    };
  };

  return {
    enter(signal) {
      if (signal.aborted) return Promise.resolve(() => undefined);
      if (active < limit) {
        active += 1;
        return Promise.resolve(once());
      }
      return new Promise((resolve) => {
        const admit = () => {
          signal.removeEventListener('abort', onAbort);
          resolve(once());
        };
        // A client that leaves while waiting gives up its turn: nothing to give back.
        const onAbort = () => {
          const index = waiting.indexOf(admit);
          if (index >= 0) waiting.splice(index, 1);
          resolve(() => undefined);
        };
        waiting.push(admit);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
