import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n.ts';
import { linkHost } from '../app/moderation/grievance-queue.store.ts';
import { grievanceErrors } from './grievance.store.ts';

const fields = (content_link: string) => ({ category: 'fraud', content_link, description: 'Asked for money', email: 'a@b.in' });

describe('the grievance form and queue', () => {
  it("asks for a web link before sending, in the reader's language", () => {
    expect(grievanceErrors(fields('javascript:alert(1)'), translator('en'))).toEqual({
      content_link: 'Enter a link that starts with http:// or https://.',
    });
    expect(grievanceErrors(fields('on the home page'), translator('hi')).content_link).toBe('http:// या https:// से शुरू होने वाला लिंक डालें।');
    expect(grievanceErrors(fields('https://bharatsquare.in/home/posts/3'), translator('en'))).toEqual({});
  });

  it('shows staff the host a link leads to, and nothing for what is not a web link', () => {
    expect(linkHost('https://evil.example:8443/a?b')).toBe('evil.example:8443');
    expect(linkHost('javascript:alert(1)')).toBeNull();
    expect(linkHost('somewhere')).toBeNull();
  });
});
