import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { safeRequest } from './log-safety.ts';

const logged = (url: string) =>
  safeRequest({ method: 'GET', url, host: 'localhost', ip: '127.0.0.1', socket: undefined } as unknown as FastifyRequest).url;

describe('safeRequest', () => {
  it('keeps live signatures, tickets and tokens out of the logged URL, whatever their spelling', () => {
    const signature = 'abcdef0123456789'.repeat(4);
    expect(logged(`/api/users/me/export/3f0c9a52-2d7e-4b7a-9d1e-6f1f3b1b9c11/download/?expires=1764150000&signature=${signature}`)).toBe(
      '/api/users/me/export/3f0c9a52-2d7e-4b7a-9d1e-6f1f3b1b9c11/download/?expires=1764150000&signature=[hidden]',
    );
    expect(logged('/media/private/a_1x1.png?expires=1&signature=Zm9vYmFy-_')).toBe('/media/private/a_1x1.png?expires=1&signature=[hidden]');
    expect(logged('/api/notifications/stream/?ticket=t0k3n')).toBe('/api/notifications/stream/?ticket=[hidden]');
    expect(logged('/api/grievances/GRV-1/?key=secret')).toBe('/api/grievances/GRV-1/?key=[hidden]');
    expect(logged('/x?access_token=a&token=b&%73ignature=c&SIGNATURE=d')).toBe(
      '/x?access_token=[hidden]&token=[hidden]&%73ignature=[hidden]&SIGNATURE=[hidden]',
    );
    expect(logged('/api/posts/?page=2&ordering=new')).toBe('/api/posts/?page=2&ordering=new');
    expect(logged('/api/search/?q=meera%40example.in')).toBe('/api/search/?q=[email]');
  });
});
