import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/browser/api-client.ts';
import { buildPostBody, pollOf, postFailureMessage, type PostDraft } from './create-post.store.ts';
import { fromLocalInputValue, localInputValue, publishAtProblem } from '../../../lib/validation-rules.ts';
import { EDITOR_HISTORY, fixSemanticSpaces } from './editor-config.ts';

const draft = (over: Partial<PostDraft> = {}): PostDraft => ({
  circle: ' Science Hub ',
  title: 'Hello',
  description: '<p>Hi</p>',
  tab: 'text',
  files: [],
  ...over,
});
const png = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
const mp4 = new File([new Uint8Array([0, 0, 0, 24])], 'b.mp4', { type: 'video/mp4' });

describe('buildPostBody', () => {
  it('sends publish_at for a scheduled post, and a poll as JSON from the Poll tab', () => {
    const at = '2030-05-01T13:00:00.000Z';
    expect(buildPostBody(draft({ publishAt: at }))).toEqual({
      circle: 'Science Hub',
      title: 'Hello',
      description: '<p>Hi</p>',
      publish_at: at,
    });
    const poll = pollOf([' Tea ', 'Coffee'], false, 24, new Date(at));
    expect(poll).toEqual({ options: ['Tea', 'Coffee'], multiple: false, closes_at: '2030-05-02T13:00:00.000Z' });
    expect(buildPostBody(draft({ tab: 'poll', poll, files: [png] }))).toEqual({
      circle: 'Science Hub',
      title: 'Hello',
      description: '<p>Hi</p>',
      poll,
    });
  });

  it('sends a text post as JSON fields', () => {
    expect(buildPostBody(draft())).toEqual({ circle: 'Science Hub', title: 'Hello', description: '<p>Hi</p>' });
  });

  it('ignores files picked on the media tab when the text tab is chosen', () => {
    expect(buildPostBody(draft({ files: [png] }))).not.toBeInstanceOf(FormData);
  });

  it('sends a media post as multipart with images and videos split by type', () => {
    const body = buildPostBody(draft({ tab: 'images', files: [png, mp4, png] }));
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('circle')).toBe('Science Hub');
    expect(form.get('title')).toBe('Hello');
    expect(form.get('description')).toBe('<p>Hi</p>');
    expect(form.getAll('images')).toHaveLength(2);
    expect((form.getAll('videos')[0] as File).name).toBe('b.mp4');
  });

  it('sends each video’s poster frame right after it, and a video without one alone', () => {
    const other = new File([new Uint8Array([0, 0, 0, 24])], 'c.mp4', { type: 'video/mp4' });
    const frame = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const form = buildPostBody(
      draft({ tab: 'images', files: [mp4, png, other] }),
      new Map([
        [mp4, frame],
        [other, null],
      ]),
    ) as FormData;
    expect([...form.keys()].filter((key) => key !== 'circle' && key !== 'title' && key !== 'description')).toEqual([
      'videos',
      'video_posters',
      'images',
      'videos',
    ]);
    expect((form.get('video_posters') as File).name).toBe('poster.jpg');
  });
});

describe('postFailureMessage (spec section 8)', () => {
  it("prefers the server's detail, then a field message", () => {
    expect(postFailureMessage(new ApiError('x', 400, { detail: 'Channel not found.' }))).toBe('Channel not found.');
    expect(postFailureMessage(new ApiError('x', 400, { title: ['This field may not be blank.'] }))).toBe('This field may not be blank.');
  });

  it('falls back to the message, then to the generic text', () => {
    expect(postFailureMessage(new ApiError('Network down', 0, undefined))).toBe('Network down');
    expect(postFailureMessage(new Error('boom'))).toBe('boom');
    expect(postFailureMessage('weird')).toBe('An unexpected error occurred');
    expect(postFailureMessage(new ApiError('', 500, null))).toBe('An unexpected error occurred');
  });
});

describe('editor settings', () => {
  it('keeps undo steps 1000 ms apart and at most 100 of them', () => {
    expect(EDITOR_HISTORY).toMatchObject({ delay: 1000, maxStack: 100 });
  });

  it("undoes Quill 2.0.3's &nbsp; for single spaces but keeps runs visible", () => {
    expect(fixSemanticSpaces('<p>a&nbsp;text&nbsp;here</p>')).toBe('<p>a text here</p>');
    expect(fixSemanticSpaces('<p>a&nbsp;&nbsp;&nbsp;b</p>')).toBe('<p>a &nbsp;&nbsp;b</p>');
    expect(fixSemanticSpaces('<p><a href="https://x.in">x</a></p>')).toBe('<p><a href="https://x.in">x</a></p>');
  });
});

describe('buildPostBody with tags', () => {
  it('sends chosen tags as a JSON list, or comma-separated in a form', () => {
    expect(buildPostBody(draft({ tags: [3, 1] }))).toEqual({
      circle: 'Science Hub',
      title: 'Hello',
      description: '<p>Hi</p>',
      tags: [3, 1],
    });
    expect(buildPostBody(draft({ tags: [] }))).toEqual({ circle: 'Science Hub', title: 'Hello', description: '<p>Hi</p>' });
    const form = buildPostBody(draft({ tab: 'images', files: [png], tags: [3, 1] })) as FormData;
    expect(form.get('tags')).toBe('3,1');
  });
});

describe('image descriptions', () => {
  it('sends one `alts` per image in order once any image is described, and names the undescribed ones', async () => {
    const { undescribedImages } = await import('./create-post.store.ts');
    const other = new File([new Uint8Array([137, 80, 78, 71])], 'c.png', { type: 'image/png' });
    const alts = new Map([[other, ' A river ']]);
    const form = buildPostBody(draft({ tab: 'images', files: [png, mp4, other], alts })) as FormData;
    expect(form.getAll('alts')).toEqual(['', 'A river']);
    expect(undescribedImages({ tab: 'images', files: [png, mp4, other], alts })).toEqual([png]);
    expect(undescribedImages({ tab: 'text', files: [png], alts })).toEqual([]);
    expect((buildPostBody(draft({ tab: 'images', files: [png] })) as FormData).getAll('alts')).toEqual([]);
  });
});

describe('a scheduled time', () => {
  it('reads a datetime-local value in the browser’s time zone and checks it is 2 minutes to 30 days ahead', () => {
    const now = new Date();
    const inAnHour = new Date(now.getTime() + 3_600_000);
    inAnHour.setSeconds(0, 0);
    expect(fromLocalInputValue(localInputValue(inAnHour))).toBe(inAnHour.toISOString());
    expect(fromLocalInputValue('')).toBe('');
    expect(publishAtProblem(inAnHour.toISOString(), now)).toBeNull();
    expect(publishAtProblem(new Date(now.getTime() + 60_000).toISOString(), now)).toEqual({
      key: 'errors.posts.publishAtTooSoon',
      params: { minutes: 2 },
    });
    expect(publishAtProblem(new Date(now.getTime() + 31 * 86_400_000).toISOString(), now)).toEqual({
      key: 'errors.posts.publishAtTooLate',
      params: { days: 30 },
    });
    expect(publishAtProblem('tomorrow', now)).toEqual({ key: 'errors.posts.publishAtInvalid' });
  });
});
