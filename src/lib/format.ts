import { DEFAULT_LANG, LOCALE, formatDate, translator, type Lang } from './i18n.ts';

/** One formatter per language: building an Intl formatter costs far more than using one (a feed words dozens of times). */
const relativeFormats = new Map<Lang, Intl.RelativeTimeFormat>();
function relativeFormat(lang: Lang): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(lang);
  if (!format) {
    format = new Intl.RelativeTimeFormat(LOCALE[lang], { numeric: 'always', numberingSystem: 'latn' } as Intl.RelativeTimeFormatOptions);
    relativeFormats.set(lang, format);
  }
  return format;
}

/**
 * Relative time by the spec's rule (section 9): Just now, then minutes, hours and days ago, else a date.
 * Intl.RelativeTimeFormat words the singular and plural in each language ("1 hour ago", "5 घंटे पहले").
 */
export function relativeTime(value: string | Date, now: Date = new Date(), lang: Lang = DEFAULT_LANG): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return translator(lang)('time.justNow');
  const words = relativeFormat(lang);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return words.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return words.format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 30) return words.format(-days, 'day');
  return formatDate(date, lang);
}

/** m:ss for the OTP resend countdown. */
export function countdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
