import { describe, expect, it } from 'vitest';
import { RequestGate, STUCK_AFTER_MS, type Release } from './request-gate.ts';

describe('RequestGate', () => {
  it('admits up to its concurrency at once, then in arrival order as turns are released', async () => {
    const gate = new RequestGate({ concurrency: 2, maxWaitMs: 1000, maxQueue: 10 });
    const first = (await gate.enter())!;
    const second = (await gate.enter())!;
    const order: number[] = [];
    const waiting = [3, 4, 5].map((n) => gate.enter().then((release) => (order.push(n), release)));
    expect(gate.load).toEqual({ active: 2, waiting: 3 });
    first();
    first(); // a second call gives no extra turn
    await waiting[0];
    expect(order).toEqual([3]);
    second();
    await waiting[1];
    ((await waiting[0]) as Release)();
    await waiting[2];
    expect(order).toEqual([3, 4, 5]);
    expect(gate.load).toEqual({ active: 2, waiting: 0 });
  });

  it('turns a request away when the line is full, or when it waited too long', async () => {
    const gate = new RequestGate({ concurrency: 1, maxWaitMs: 20, maxQueue: 1 });
    const inside = await gate.enter();
    expect(inside).not.toBeNull();
    const waiter = gate.enter();
    expect(await gate.enter()).toBeNull();
    expect(await waiter).toBeNull();
    expect(gate.load).toEqual({ active: 1, waiting: 0 });
    inside!();
    expect(await gate.enter()).not.toBeNull();
  });
});

describe('RequestGate: clients that go away, and a gate that is stuck', () => {
  it('a waiter whose client goes away leaves the line and never takes a turn', async () => {
    const gate = new RequestGate({ concurrency: 1, maxWaitMs: 10_000, maxQueue: 10 });
    const inside = (await gate.enter())!;
    const gone = new AbortController();
    const waiter = gate.enter(gone.signal);
    const next = gate.enter();
    expect(gate.load).toEqual({ active: 1, waiting: 2 });
    gone.abort();
    expect(await waiter).toBeNull();
    expect(gate.load).toEqual({ active: 1, waiting: 1 });
    inside();
    expect(await next).not.toBeNull();
    expect(await gate.enter(AbortSignal.abort())).toBeNull();
  });

  it('reports that it admits nothing once every turn has been held half a minute without one coming back', async () => {
    let now = 0;
    const gate = new RequestGate({ concurrency: 2, maxWaitMs: 10, maxQueue: 10 }, () => now);
    expect(gate.status).toMatchObject({ admitting: true, active: 0 });
    const first = (await gate.enter())!;
    await gate.enter();
    now += STUCK_AFTER_MS - 1;
    expect(gate.status.admitting).toBe(true);
    now += 1;
    expect(gate.status).toEqual({ admitting: false, active: 2, waiting: 0, concurrency: 2 });
    first();
    expect(gate.status.admitting).toBe(true);
  });
});
