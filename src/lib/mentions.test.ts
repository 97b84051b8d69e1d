import { describe, expect, it } from 'vitest';
import { mentionedHandles, splitMentions } from './mentions.ts';

describe('mentions', () => {
  it('finds handles after a space or at the start, once each, not inside words or e-mail addresses', () => {
    expect(mentionedHandles('@CrimsonTiger4821 ask @BlueOtter12, and @CrimsonTiger4821 again')).toEqual([
      'CrimsonTiger4821',
      'BlueOtter12',
    ]);
    expect(mentionedHandles('mail me at someone@example.com or @@x or @ab')).toEqual([]);
    expect(mentionedHandles(Array.from({ length: 15 }, (_, i) => `@User${i}x`).join(' '))).toHaveLength(10);
  });

  it('splits a text into plain runs and mention links', () => {
    expect(splitMentions('Hi @BlueOtter12! and you')).toEqual([
      { text: 'Hi ' },
      { text: '@BlueOtter12', handle: 'BlueOtter12' },
      { text: '! and you' },
    ]);
    expect(splitMentions('@Ann1 ok')).toEqual([{ text: '@Ann1', handle: 'Ann1' }, { text: ' ok' }]);
    expect(splitMentions('plain')).toEqual([{ text: 'plain' }]);
  });
});
