import { toast } from '../toast.ts';
import { translator } from '../i18n.ts';
import { renderedLang } from './language.ts';

export type ShareTarget = { title: string; url: string };

/** Absolute link to a post, for sharing. */
export const postUrl = (id: number) => new URL(`/home/comments/${id}`, window.location.origin).toString();

/** Absolute link to a comment: its post's page, scrolled to the comment (`#comment-{id}`). */
export const commentUrl = (postId: number, commentId: number) =>
  new URL(`/home/comments/${postId}#comment-${commentId}`, window.location.origin).toString();

/** Copies a link and says so ('Link copied to clipboard'): a comment's Share. */
export async function copyLink(url: string): Promise<void> {
  if (await copyText(url)) void toast(translator(renderedLang())('toast.linkCopied'), 'success');
  else void toast(translator(renderedLang())('toast.copyFailed'), 'error');
}

/**
 * Shares with the Web Share API where the browser has it; else copies the link and says so
 * ('Link copied to clipboard'). Cancelling the share sheet is not an error.
 */
export async function share(target: ShareTarget): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: target.title, url: target.url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Not allowed here (e.g. no user activation): fall back to copying.
    }
  }
  if (await copyText(target.url)) void toast(translator(renderedLang())('toast.linkCopied'), 'success');
  else void toast(translator(renderedLang())('toast.copyFailed'), 'error');
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older or locked-down browsers: the selection-based copy still works in a user gesture.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}
