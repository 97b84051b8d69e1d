import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, minutesOf } from '../../../lib/push-rules.ts';
import { endpointProblem, isPrivateAddress } from './endpoints.ts';
import { quietUntil } from './quiet-hours.ts';

describe('quiet hours', () => {
  const night = { start: minutesOf('22:00')!, end: minutesOf('07:00')!, timeZone: 'Asia/Kolkata' };
  // 22:00 in India (UTC+5:30) is 16:30 UTC.
  const at = (iso: string) => new Date(iso);

  it('hold a push from their start up to their end, over midnight, in the member’s time zone', () => {
    expect(quietUntil(night, at('2026-03-10T16:29:59Z'))).toBeNull();
    expect(quietUntil(night, at('2026-03-10T16:30:00Z'))).toEqual(at('2026-03-11T01:30:00Z'));
    expect(quietUntil(night, at('2026-03-10T20:15:42.250Z'))).toEqual(at('2026-03-11T01:30:00Z'));
    expect(quietUntil(night, at('2026-03-11T01:29:59Z'))).toEqual(at('2026-03-11T01:30:00Z'));
    expect(quietUntil(night, at('2026-03-11T01:30:00Z'))).toBeNull();
  });

  it('within one day when the start comes before the end; none at all without quiet hours', () => {
    const lunch = { start: minutesOf('13:00')!, end: minutesOf('14:00')!, timeZone: 'UTC' };
    expect(quietUntil(lunch, at('2026-03-10T12:59:00Z'))).toBeNull();
    expect(quietUntil(lunch, at('2026-03-10T13:30:10Z'))).toEqual(at('2026-03-10T14:00:00Z'));
    expect(quietUntil(lunch, at('2026-03-10T14:00:00Z'))).toBeNull();
    expect(quietUntil(null, at('2026-03-10T13:30:00Z'))).toBeNull();
  });

  it('are read as HH:MM in a time zone Intl knows', () => {
    expect([minutesOf('00:00'), minutesOf('23:59'), minutesOf('24:00'), minutesOf('7:00'), minutesOf(700)]).toEqual([
      0,
      1439,
      null,
      null,
      null,
    ]);
    expect(canonicalTimeZone('asia/calcutta')).toBe('Asia/Calcutta');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect([canonicalTimeZone('Mars/Olympus'), canonicalTimeZone(''), canonicalTimeZone(5)]).toEqual([null, null, null]);
  });
});

describe('push endpoints', () => {
  it('are https on a public host, or on a host:port PUSH_ALLOW_HOSTS lists', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', [])).toBeNull();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', [])).toBeNull();
    expect(endpointProblem('http://fcm.googleapis.com/fcm/send/abc', [])?.key).toBe('errors.push.endpointNotHttps');
    expect(endpointProblem('https://user:pw@fcm.googleapis.com/x', [])?.key).toBe('errors.push.endpointInvalid');
    expect(endpointProblem('https://127.0.0.1:4443/push/1', [])?.key).toBe('errors.push.endpointHostRefused');
    expect(endpointProblem('https://127.0.0.1:4443/push/1', ['127.0.0.1:4443'])).toBeNull();
    expect(endpointProblem('https://localhost/push/1', ['localhost:443'])).toBeNull();
  });

  it('never reach loopback, private, link-local or shared addresses, nor IPv4 inside IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd12::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '[::1]',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '142.250.183.10', '172.32.0.1', '2404:6800:4009:80b::200a', 'fcm.googleapis.com'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
