import { eq } from 'drizzle-orm';
// The XML parser already installed (through s3rver): it validates well-formedness and reads the feed as a reader would.
import xml from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let owner: TestUser;
let open: TestCircle;
let other: TestCircle;
let secret: TestCircle;
const minute = 60_000;
const start = Date.now() - 100 * minute;

type Item = { title: string; link: string; guid: string; pubDate: string; description: string; category: string; 'dc:creator': string };
type Feed = {
  rss: {
    '@_version': string;
    channel: {
      title: string;
      link: string;
      description: string;
      language: string;
      'atom:link': { '@_href': string; '@_rel': string };
      item?: Item | Item[];
    };
  };
};

async function readFeed(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  // Well-formed XML 1.0 (the validator reports the line and the reason otherwise).
  expect(xml.validate(res.body)).toBe(true);
  expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
  // This parser leaves XML's five predefined entities as written; a reader decodes them (and they are all a feed uses).
  const decode = (value: string) =>
    value.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
  const feed = xml.parse(res.body, {
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseNodeValue: false,
    parseAttributeValue: false,
    tagValueProcessor: decode,
    attrValueProcessor: decode,
  }) as Feed;
  const items = feed.rss.channel.item;
  return { feed, items: items === undefined ? [] : Array.isArray(items) ? items : [items], body: res.body };
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, 'owner');
  open = await createCircle(t.app, owner, `Open ${Date.now()}`, { description: 'Trains & timetables <daily>' });
  other = await createCircle(t.app, owner);
  secret = await createCircle(t.app, owner, undefined, { channelType: 'private' });
  // 55 posts a minute apart, alternating between two public channels; the newest is the last.
  for (let i = 0; i < 55; i += 1) {
    await post(t.app, owner, i % 2 ? other : open, `Post ${i}`, {
      description: `<p>Body <strong>${i}</strong> &amp; more</p>`,
      createdAt: new Date(start + i * minute),
    });
  }
  await post(t.app, owner, secret, 'Members only', { createdAt: new Date(start + 60 * minute) });
});
afterAll(() => t.close());

describe('/rss.xml', () => {
  it('is RSS 2.0 with the newest 50 public posts, each with title, link, guid, date and a plain-text excerpt', async () => {
    const { feed, items } = await readFeed('/rss.xml');
    expect(feed.rss['@_version']).toBe('2.0');
    const channel = feed.rss.channel;
    expect(channel.title).toBe('Bharat Square: newest posts');
    expect(channel.link).toBe('http://localhost/home');
    expect(channel.description).toBe("The newest posts in Bharat Square's public channels.");
    expect(channel.language).toBe('en-IN');
    expect(channel['atom:link']).toMatchObject({ '@_href': 'http://localhost/rss.xml', '@_rel': 'self' });
    expect(items).toHaveLength(50);
    expect(items.map((item) => item.title)).toEqual(Array.from({ length: 50 }, (_, i) => `Post ${54 - i}`));
    const [newest] = items;
    const [row] = await t.app.ctx.db.select({ id: posts.id }).from(posts).where(eq(posts.title, 'Post 54'));
    expect(newest).toEqual({
      title: 'Post 54',
      link: `http://localhost/home/comments/${row.id}`,
      guid: { '#text': `http://localhost/home/comments/${row.id}`, '@_isPermaLink': 'true' },
      pubDate: new Date(start + 54 * minute).toUTCString(),
      'dc:creator': owner.username,
      category: `b/${open.name}`,
      description: 'Body 54 & more',
    });
    // RFC 822 dates, as RSS 2.0 requires.
    for (const item of items) expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  });

  it("never carries a private channel's posts, nor a held or removed one", async () => {
    const [held] = await t.app.ctx.db
      .insert(posts)
      .values({ authorId: owner.id, circleId: open.id, title: 'Held one', moderationStatus: 'held' })
      .returning({ id: posts.id });
    const [removed] = await t.app.ctx.db
      .insert(posts)
      .values({ authorId: owner.id, circleId: open.id, title: 'Removed one', moderationStatus: 'removed', removedReason: 'spam' })
      .returning({ id: posts.id });
    const { body } = await readFeed('/rss.xml');
    for (const hidden of ['Members only', 'Held one', 'Removed one']) expect(body).not.toContain(hidden);
    await t.app.ctx.db.delete(posts).where(eq(posts.id, held.id));
    await t.app.ctx.db.delete(posts).where(eq(posts.id, removed.id));
  });

  it('escapes what a member writes, and drops characters XML cannot carry', async () => {
    const circle = await createCircle(t.app, owner);
    await post(t.app, owner, circle, 'Fish & chips <b>not bold</b> "quoted" \u0007bell', {
      description: '<p>a &lt; b</p>',
      createdAt: new Date(),
    });
    const { items, body } = await readFeed(`/home/channel-page/${circle.id}/rss.xml`);
    expect(items[0].title).toBe('Fish & chips <b>not bold</b> "quoted" bell');
    expect(items[0].description).toBe('a < b');
    expect(body).toContain('<title>Fish &amp; chips &lt;b&gt;not bold&lt;/b&gt; &quot;quoted&quot; bell</title>');
    expect(body).not.toContain('\u0007');
  });

  it('answers in Hindi for a Hindi reader', async () => {
    const { feed } = await readFeed('/rss.xml', { 'accept-language': 'hi' });
    expect(feed.rss.channel.language).toBe('hi-IN');
    expect(feed.rss.channel.title).toBe('भारत स्क्वेयर: नई पोस्ट');
  });
});

describe('/home/channel-page/{id}/rss.xml', () => {
  it("carries the public channel's own newest posts, under its name and description", async () => {
    const { feed, items } = await readFeed(`/home/channel-page/${open.id}/rss.xml`);
    expect(feed.rss.channel.title).toBe(`b/${open.name} on Bharat Square`);
    expect(feed.rss.channel.link).toBe(`http://localhost/home/channel-page/${open.id}`);
    expect(feed.rss.channel.description).toBe('Trains & timetables <daily>');
    expect(feed.rss.channel['atom:link']['@_href']).toBe(`http://localhost/home/channel-page/${open.id}/rss.xml`);
    expect(items.map((item) => item.title)).toEqual(Array.from({ length: 28 }, (_, i) => `Post ${54 - 2 * i}`));
  });

  it('is 404 for a private channel, an unknown one and an id that is not one', async () => {
    for (const url of [`/home/channel-page/${secret.id}/rss.xml`, '/home/channel-page/999999/rss.xml']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Channel not found.', code: 'circles.notFound' });
      expect(res.body).not.toContain('Members only');
    }
    expect((await t.app.inject({ url: '/home/channel-page/abc/rss.xml' })).statusCode).toBe(404);
  });

  it('an empty public channel is a valid feed with no items', async () => {
    const empty = await createCircle(t.app, owner);
    const { items } = await readFeed(`/home/channel-page/${empty.id}/rss.xml`);
    expect(items).toEqual([]);
  });
});
