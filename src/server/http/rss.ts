/**
 * RSS 2.0 (https://www.rssboard.org/rss-specification) as text: a channel and its items, every value escaped for XML
 * and stripped of the characters XML 1.0 forbids, dates in RFC 822 form, and an `atom:link rel="self"` as the RSS
 * Advisory Board recommends, so feed readers and validators find the feed's own address.
 */

export type RssItem = { title: string; link: string; guid: string; pubDate: Date; description: string; category?: string; author?: string };
export type RssChannel = { title: string; link: string; self: string; description: string; language: string; items: RssItem[] };

/** Characters XML 1.0 does not allow anywhere (controls other than tab, newline and return; lone surrogates; U+FFFE/FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const escapeXml = (value: string) =>
  value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The date as RFC 822 wants it (`Tue, 24 Nov 2026 10:00:00 GMT`); toUTCString gives exactly that form. */
export const rfc822 = (date: Date) => date.toUTCString();

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

export function rssDocument(channel: RssChannel): string {
  const newest = channel.items.reduce<Date | null>((latest, item) => (!latest || item.pubDate > latest ? item.pubDate : latest), null);
  const items = channel.items.map((item) =>
    [
      '    <item>',
      `      ${element('title', item.title)}`,
      `      ${element('link', item.link)}`,
      `      <guid isPermaLink="true">${escapeXml(item.guid)}</guid>`,
      `      ${element('pubDate', rfc822(item.pubDate))}`,
      ...(item.author ? [`      ${element('dc:creator', item.author)}`] : []),
      ...(item.category ? [`      ${element('category', item.category)}`] : []),
      `      ${element('description', item.description)}`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    ${element('title', channel.title)}`,
    `    ${element('link', channel.link)}`,
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    `    ${element('description', channel.description)}`,
    `    ${element('language', channel.language)}`,
    ...(newest ? [`    ${element('lastBuildDate', rfc822(newest))}`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
