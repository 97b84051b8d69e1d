import { describe, expect, it } from 'vitest';
import { countdown, relativeTime } from './format.ts';
import { formatDate, formatNumber } from './i18n.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('follows the spec thresholds and reads right in the singular', () => {
    expect(relativeTime(ago(59), now)).toBe('Just now');
    expect(relativeTime(ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(ago(3599), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(3600), now)).toBe('1 hour ago');
    expect(relativeTime(ago(7200), now)).toBe('2 hours ago');
    expect(relativeTime(ago(86400), now)).toBe('1 day ago');
    expect(relativeTime(ago(86400 * 3), now)).toBe('3 days ago');
    expect(relativeTime(ago(86400 * 31), now)).toBe('22 October 2026');
  });

  it('speaks Hindi', () => {
    expect(relativeTime(ago(30), now, 'hi')).toBe('अभी-अभी');
    expect(relativeTime(ago(60), now, 'hi')).toBe('1 मिनट पहले');
    // CLDR uses the oblique case before पहले: "1 घंटे पहले", as Hindi speakers say it.
    expect(relativeTime(ago(3600), now, 'hi')).toBe('1 घंटे पहले');
    expect(relativeTime(ago(7200), now, 'hi')).toBe('2 घंटे पहले');
    expect(relativeTime(ago(86400 * 3), now, 'hi')).toBe('3 दिन पहले');
    expect(relativeTime(ago(86400 * 31), now, 'hi')).toBe('22 अक्टूबर 2026');
  });
});

describe('numbers and dates', () => {
  it('groups digits the Indian way in both languages', () => {
    expect(formatNumber(123456, 'en')).toBe('1,23,456');
    expect(formatNumber(123456, 'hi')).toBe('1,23,456');
  });
  it('writes dates in the language', () => {
    expect(formatDate('2026-11-22T12:00:00Z', 'en')).toBe('22 November 2026');
    expect(formatDate('2026-11-22T12:00:00Z', 'hi')).toBe('22 नवंबर 2026');
  });
});

describe('countdown', () => {
  it('formats m:ss', () => {
    expect(countdown(60)).toBe('1:00');
    expect(countdown(9)).toBe('0:09');
    expect(countdown(0)).toBe('0:00');
  });
});
