import { describe, expect, it } from 'vitest';
import { countdown, relativeTime } from './format.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('follows the spec thresholds', () => {
    expect(relativeTime(ago(59), now)).toBe('Just now');
    expect(relativeTime(ago(60), now)).toBe('1 minutes ago');
    expect(relativeTime(ago(3599), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(3600), now)).toBe('1 hours ago');
    expect(relativeTime(ago(86400 * 3), now)).toBe('3 days ago');
    expect(relativeTime(ago(86400 * 31), now)).toBe(ago(86400 * 31).toLocaleDateString());
  });
});

describe('countdown', () => {
  it('formats m:ss', () => {
    expect(countdown(60)).toBe('1:00');
    expect(countdown(9)).toBe('0:09');
    expect(countdown(0)).toBe('0:00');
  });
});
