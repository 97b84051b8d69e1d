/**
 * Admission to the database in arrival order, with a bounded wait: the product's own rule for when to say "busy".
 *
 * Why here and not a library: the embedded database (PGlite) is one connection. Handed 200 requests at once, it
 * interleaves their 2–4 statements each, so every request waits for nearly all the others' statements and some
 * waited over 10 s. Letting a few requests in at a time, first come first served, keeps each request's statements
 * together; and a request that would wait longer than a person should is answered 503 with Retry-After at once
 * rather than held. @fastify/under-pressure watches the event loop, not a database queue; p-limit and p-queue
 * queue without a bound on the wait.
 */
export type GateOptions = {
  /** Requests let through at once. */
  concurrency: number;
  /** The longest a request waits in line before it is turned away. */
  maxWaitMs: number;
  /** The longest line; a request arriving behind it is turned away at once. */
  maxQueue: number;
};

/** Lets the next request in; call once when the admitted request ends (extra calls do nothing). */
export type Release = () => void;

type Waiter = { admit: (release: Release) => void; timer: NodeJS.Timeout };

export class RequestGate {
  private active = 0;
  private readonly line: Waiter[] = [];
  private head = 0;

  constructor(private readonly options: GateOptions) {}

  /** How many requests are inside, and waiting. */
  get load() {
    return { active: this.active, waiting: this.line.length - this.head };
  }

  /** Resolves with a Release once admitted (at once when there is room), or null when the request is turned away. */
  enter(): Promise<Release | null> {
    if (this.active < this.options.concurrency && this.load.waiting === 0) return Promise.resolve(this.admitOne());
    if (this.load.waiting >= this.options.maxQueue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          const index = this.line.indexOf(waiter, this.head);
          if (index >= 0) this.line.splice(index, 1);
          resolve(null);
        }, this.options.maxWaitMs),
      };
      this.line.push(waiter);
    });
  }

  private admitOne(): Release {
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.next();
    };
  }

  private next() {
    while (this.active < this.options.concurrency && this.head < this.line.length) {
      const waiter = this.line[this.head++];
      clearTimeout(waiter.timer);
      waiter.admit(this.admitOne());
    }
    // Drop the admitted part of the line now and then, so it does not grow without bound.
    if (this.head > 1024 && this.head * 2 > this.line.length) {
      this.line.splice(0, this.head);
      this.head = 0;
    }
  }
}
