/**
 * A link post's preview: the linked page's image (our re-encoded copy), title, description and domain, the whole card
 * one link that opens the page in a new tab. While the preview is fetched, or when it could not be, the address alone.
 */
import type { LinkPreview } from '../../../../lib/api-types.ts';
import { imageSources } from '../../../../lib/media-variants.ts';
import { useT } from '../../../i18n/use-t.tsx';
import { PostImage } from './PostMedia.tsx';

const domainOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

export function LinkCard({ link }: { link: LinkPreview }) {
  const t = useT();
  const domain = domainOf(link.url);
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      className="flex overflow-hidden rounded-xl border border-line bg-canvas hover:border-brand-300"
      data-testid="link-preview"
      aria-label={`${link.title ?? domain} · ${t('post.linkOpens', { domain })}`}
    >
      {link.image && (
        <div className="w-28 shrink-0 sm:w-40">
          <PostImage url={link.image} sources={imageSources(link.image)} alt="" sizes="160px" className="h-full w-full object-cover" />
        </div>
      )}
      <div className="min-w-0 flex-1 p-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">{domain}</p>
        {link.title && <p className="mt-0.5 line-clamp-2 font-semibold text-ink break-words">{link.title}</p>}
        {link.description && <p className="mt-0.5 line-clamp-2 text-sm text-muted break-words">{link.description}</p>}
        {!link.title && <p className="mt-0.5 truncate text-sm text-brand-700">{link.url}</p>}
        {link.status === 'pending' && <p className="mt-1 text-xs text-muted">{t('post.linkPending')}</p>}
      </div>
    </a>
  );
}
