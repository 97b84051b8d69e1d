import { describe, expect, it } from 'vitest';
import { createMediaSigner, PRIVATE_MEDIA_URL_SECONDS } from './private-media.ts';

const NAME = '/media/private/0f8c2b1e-1c3d-4e5f-8a9b-0c1d2e3f4a5b_640x480.webp';

describe('private media URLs', () => {
  let now = Date.UTC(2026, 10, 23, 8, 0, 0);
  const signer = createMediaSigner('secret', () => now);

  it('signs every private URL in an answer, wherever it sits, and leaves the answer it was given unchanged', () => {
    const answer = { results: [{ title: 'Hi', images: [NAME, '/media/public.png'], author: { photo: null } }], count: 1 };
    const signed = signer.signAll(answer);
    expect(signed.results[0].images[0]).toMatch(new RegExp(`^${NAME}\\?expires=\\d+&signature=[\\w-]+$`));
    expect(signed.results[0].images[1]).toBe('/media/public.png');
    expect(answer.results[0].images[0]).toBe(NAME);
    // What holds no private URL is not copied.
    expect(signed.results[0].author).toBe(answer.results[0].author);
  });

  it('returns an answer with no private URL as it is', () => {
    const answer = { results: [{ images: ['/media/a.png'], text: '/media/private/ not a file' }] };
    expect(signer.signAll(answer)).toBe(answer);
  });

  it('accepts its own signature until it expires, and nothing tampered', () => {
    const [pathname, query] = signer.sign(NAME).split('?');
    const params = Object.fromEntries(new URLSearchParams(query));
    expect(signer.check(pathname, params)).toBeGreaterThan(PRIVATE_MEDIA_URL_SECONDS - 1);
    expect(signer.check(pathname.replace('640x480', '320x240'), params)).toBeNull();
    expect(signer.check(pathname, { ...params, expires: String(Number(params.expires) + 3600) })).toBeNull();
    now += (PRIVATE_MEDIA_URL_SECONDS + 3600) * 1000;
    expect(signer.check(pathname, params)).toBeNull();
  });
});
