/** Quiet hours as stored: minutes after midnight, in an IANA time zone. */
export type StoredQuietHours = { start: number; end: number; timeZone: string };

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` at `at`, in minutes after midnight (and the seconds past that minute). */
function localTime(at: Date, timeZone: string): { minutes: number; seconds: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const part = (type: string) => Number(format.formatToParts(at).find((p) => p.type === type)?.value ?? 0);
  return { minutes: part('hour') * 60 + part('minute'), seconds: part('second') };
}

/**
 * When the quiet hours around `at` end, or null when `at` is outside them. The hours run from `start` up to `end` (end
 * excluded), over midnight when end < start. A push held for them is sent at their end; a clock change on the way
 * only moves that by its hour, and the job checks again when it runs.
 */
export function quietUntil(quiet: StoredQuietHours | null, at: Date): Date | null {
  if (!quiet || quiet.start === quiet.end) return null;
  const { minutes, seconds } = localTime(at, quiet.timeZone);
  const inside = quiet.start < quiet.end ? minutes >= quiet.start && minutes < quiet.end : minutes >= quiet.start || minutes < quiet.end;
  if (!inside) return null;
  const minutesLeft = (quiet.end - minutes + 1440) % 1440;
  return new Date(at.getTime() + minutesLeft * 60_000 - seconds * 1000 - (at.getTime() % 1000));
}

/** "HH:MM" of minutes after midnight. */
export const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
