import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Circle, Comment, Post } from '../../src/lib/api-types.ts';
import { signInByApi } from './helpers.ts';
import { signedInAs } from './roles.ts';

/**
 * Test data for the app screens, made through the real API as a signed-in user would
 * (a circle, posts with tiny generated PNGs, comments).
 */
export type Member = { page: Page; access: string; auth: { Authorization: string } };

export async function signInMember(page: Page): Promise<Member> {
  const { access } = await signInByApi(page);
  return { page, access, auth: { Authorization: `Bearer ${access}` } };
}

const api = (page: Page): APIRequestContext => page.request;

export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export async function createCircle(
  member: Member,
  name = uniqueName('E2E Circle'),
  channelType: 'public' | 'private' = 'public',
): Promise<Circle> {
  const res = await api(member.page).post('/api/circles/', {
    headers: member.auth,
    data: { name, description: `A circle made by an end-to-end test: ${name}`, channel_type: channelType },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Circle;
}

/** A small PNG in a colour of its own, so every upload is a distinct real image. */
export const tinyPng = (index: number) =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: { r: (index * 67) % 256, g: (index * 131) % 256, b: 90 } } })
    .png()
    .toBuffer();

export async function createPost(
  member: Member,
  options: {
    circle: string;
    title: string;
    description?: string;
    images?: number;
    files?: { field: string; name: string; type: string; data: Buffer }[];
  },
): Promise<Post> {
  const form = new FormData();
  form.append('circle', options.circle);
  form.append('title', options.title);
  form.append('description', options.description ?? '');
  for (let i = 0; i < (options.images ?? 0); i++) {
    form.append('images', new Blob([new Uint8Array(await tinyPng(i + 1))], { type: 'image/png' }), `tile-${i + 1}.png`);
  }
  for (const file of options.files ?? []) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const res = await api(member.page).post('/api/posts/', { headers: member.auth, multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Post;
}

export async function createComment(member: Member, postId: number, body: string): Promise<Comment> {
  const res = await api(member.page).post('/api/posts/comments/', { headers: member.auth, data: { post: postId, body } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Comment;
}

/** The shared member (tests/e2e/roles.ts) makes a circle and opens Create post there on the Images & Video tab with `files` picked and `title` typed. */
export async function startMediaPost(
  page: Page,
  files: Parameters<Page['setInputFiles']>[1],
  title: string,
): Promise<{ member: Member; circle: Circle }> {
  const member = await signedInAs(page, 'member');
  const circle = await createCircle(member);
  await page.goto(`/home/create?channelName=${encodeURIComponent(circle.name)}`);
  await page.getByRole('tab', { name: 'Images & Video' }).click();
  await page.getByLabel('Choose images or videos').setInputFiles(files);
  await page.getByLabel('Title *').fill(title);
  return { member, circle };
}

/** Every /media/ file the page asks for from now on (with data saver on, nothing should load before a tap). */
export function recordMediaRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/media/')) requested.push(request.url());
  });
  return requested;
}

export async function joinByName(member: Member, name: string): Promise<void> {
  const res = await api(member.page).post('/api/circles/join-by-name/', { headers: member.auth, data: { circle_name: name } });
  expect(res.ok(), await res.text()).toBeTruthy();
}
