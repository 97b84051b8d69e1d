import { postUrl, share } from '../../../../lib/browser/share.ts';
import { ShareIcon } from '../../shell/icons.tsx';
import { useT } from '../../../i18n/use-t.tsx';

/** Share a post: the Web Share API, else copy its link (src/lib/share.ts). */
export function ShareButton({ id, title }: { id: number; title: string }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={() => void share({ title, url: postUrl(id) })}
      className="inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm font-medium text-muted hover:bg-brand-50 hover:text-ink"
    >
      <ShareIcon />
      <span>{t('post.share')}</span>
    </button>
  );
}
