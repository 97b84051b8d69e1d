import { atom } from 'nanostores';
import { api } from '../lib/browser/api-client.ts';

/** The signed-in member's muted words (lower case); posts containing one collapse in lists until tapped open. */
export const $mutedWords = atom<string[]>([]);

let loading: Promise<void> | null = null;

/** Loads the muted words once per page; a visitor or a failure leaves the list empty (nothing collapses). */
export function loadMutedWords(): Promise<void> {
  loading ??= api<{ words: string[] }>('/api/users/me/muted-words/')
    .then((answer) => $mutedWords.set(answer.words))
    .catch(() => $mutedWords.set([]));
  return loading;
}

export async function saveMutedWords(words: string[]): Promise<string[]> {
  const answer = await api<{ words: string[] }>('/api/users/me/muted-words/', { method: 'PUT', body: { words } });
  $mutedWords.set(answer.words);
  return answer.words;
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether text contains one of the words as a whole word or phrase, in any script ("upi" matches "UPI", not "upil"). */
export function containsMutedWord(text: string, words: string[]): boolean {
  if (words.length === 0) return false;
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .normalize('NFKC')
    .toLowerCase();
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{M}\\p{N}])`, 'u');
  return pattern.test(plain);
}
