/**
 * The time as the rules see it. Deadlines (grievances, suspensions) read it from here rather than from
 * `new Date()`, so tests can move it forward by days without waiting.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
