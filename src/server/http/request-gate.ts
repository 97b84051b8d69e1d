import { requestContext } from '@fastify/request-context';

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

/**
 * A gate whose every turn has been held this long without one coming back admits nothing: the health check says so
 * (a gated call takes milliseconds; one that held a turn for half a minute is a turn lost, not a slow query).
 */
export const STUCK_AFTER_MS = 30_000;

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The current request's database turn, if it holds one. */
    admission?: Release;
  }
}

/**
 * Gives the current request's database turn back before waiting on the network (a mail server, a slow reader),
 * so that wait never holds a turn others need. What the request does with the database afterwards is a few
 * statements outside the line, which is what the line is for: nobody waits behind a silent mail server.
 */
export async function outsideTheGate<T>(wait: () => Promise<T>): Promise<T> {
  const release = requestContext.get('admission');
  if (release) {
    requestContext.set('admission', undefined);
    release();
  }
  return wait();
}

export class RequestGate {
  private active = 0;
  private readonly line: Waiter[] = [];
  private head = 0;
  /** When a turn was last given or given back: a gate with every turn held and no movement for long is stuck. */
  private lastMovedAt: number;

  constructor(
    private readonly options: GateOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.lastMovedAt = now();
  }

  /** For the health check: whether the gate still lets requests in, and its load. */
  get status() {
    const admitting = this.active < this.options.concurrency || this.now() - this.lastMovedAt < STUCK_AFTER_MS;
    return { admitting, ...this.load, concurrency: this.options.concurrency };
  }

  /** How many requests are inside, and waiting. */
  get load() {
    return { active: this.active, waiting: this.line.length - this.head };
  }

  /**
   * Resolves with a Release once admitted (at once when there is room), or null when the request is turned away or
   * `gone` aborts while it waits (its client went away: it leaves the line, and no turn is ever handed to it).
   */
  enter(gone?: AbortSignal): Promise<Release | null> {
    if (gone?.aborted) return Promise.resolve(null);
    if (this.active < this.options.concurrency && this.load.waiting === 0) return Promise.resolve(this.admitOne());
    if (this.load.waiting >= this.options.maxQueue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const leave = () => {
        clearTimeout(waiter.timer);
        gone?.removeEventListener('abort', leave);
        const index = this.line.indexOf(waiter, this.head);
        if (index >= 0) this.line.splice(index, 1);
        resolve(null);
      };
      const waiter: Waiter = {
        admit: (release) => {
          gone?.removeEventListener('abort', leave);
          resolve(release);
        },
        timer: setTimeout(leave, this.options.maxWaitMs),
      };
      gone?.addEventListener('abort', leave, { once: true });
      this.line.push(waiter);
    });
  }

  private admitOne(): Release {
    this.active++;
    this.lastMovedAt = this.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.lastMovedAt = this.now();
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
