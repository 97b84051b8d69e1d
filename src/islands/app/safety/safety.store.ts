import { map } from 'nanostores';
import { api, ApiError } from '../../../lib/browser/api-client.ts';
import { translator } from '../../../lib/i18n.ts';
import { $lang } from '../../../stores/lang.store.ts';
import { loadMutedWords, saveMutedWords, $mutedWords } from '../../../stores/muted-words.store.ts';

export type BlockedMember = { username: string; color: string; blocked_at: string };
type BlockPage = { count: number; next: string | null; results: BlockedMember[] };

/** The profile's safety settings: members the person blocked, and their muted words ($mutedWords). */
export const $safety = map<{ blocks: BlockedMember[]; next: string | null; loaded: boolean; error: string | null }>({
  blocks: [],
  next: null,
  loaded: false,
  error: null,
});

/** The API's message (already in the person's language), else the fallback from the catalogs. */
const failure = (error: unknown, fallbackKey: string) => (error instanceof ApiError ? error.message : translator($lang.get())(fallbackKey));

export async function loadSafety() {
  try {
    const [page] = await Promise.all([api<BlockPage>('/api/users/me/blocks/'), loadMutedWords()]);
    $safety.set({ blocks: page.results, next: page.next, loaded: true, error: null });
  } catch (error) {
    $safety.set({ ...$safety.get(), loaded: true, error: failure(error, 'safety.loadFailed') });
  }
}

export async function loadMoreBlocks() {
  const { next, blocks } = $safety.get();
  if (!next) return;
  const page = await api<BlockPage>(next);
  const known = new Set(blocks.map((b) => b.username));
  $safety.set({ ...$safety.get(), blocks: [...blocks, ...page.results.filter((b) => !known.has(b.username))], next: page.next });
}

/** Blocks a member by handle; the answer's error (unknown handle, oneself) is returned to show beside the field. */
export async function blockMember(username: string): Promise<string | null> {
  try {
    const block = await api<BlockedMember>('/api/users/me/blocks/', { method: 'POST', body: { username } });
    const rest = $safety.get().blocks.filter((b) => b.username !== block.username);
    $safety.setKey('blocks', [block, ...rest]);
    return null;
  } catch (error) {
    return failure(error, 'safety.blockFailed');
  }
}

export async function unblockMember(username: string): Promise<string | null> {
  try {
    await api(`/api/users/me/blocks/${encodeURIComponent(username)}/`, { method: 'DELETE' });
    $safety.setKey(
      'blocks',
      $safety.get().blocks.filter((b) => b.username !== username),
    );
    return null;
  } catch (error) {
    return failure(error, 'safety.unblockFailed');
  }
}

export async function addMutedWord(word: string): Promise<string | null> {
  try {
    await saveMutedWords([...$mutedWords.get(), word]);
    return null;
  } catch (error) {
    return failure(error, 'safety.saveWordsFailed');
  }
}

export async function removeMutedWord(word: string): Promise<string | null> {
  try {
    await saveMutedWords($mutedWords.get().filter((w) => w !== word));
    return null;
  } catch (error) {
    return failure(error, 'safety.saveWordsFailed');
  }
}
