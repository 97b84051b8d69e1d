import type { ChannelType } from '../../../lib/api-types.ts';
import { themeColorsFor } from '../../../lib/theme-colors.ts';
import { bannerStyle } from '../channel/banner.ts';
import { useT } from '../../i18n/use-t.tsx';

/** The live preview of step 1: the banner the channel will get (its colours come from the name), name and description. */
export default function ChannelPreview({
  name,
  description,
  channelType,
}: {
  name: string;
  description: string;
  channelType: ChannelType;
}) {
  const t = useT();
  const shownName = name.trim() || t('createChannel.previewName');
  return (
    <section aria-label={t('createChannel.preview')} className="overflow-hidden rounded-xl border border-line bg-surface">
      <div className="h-16" style={bannerStyle(themeColorsFor(shownName))} />
      <div className="space-y-1 p-4">
        <p className="text-lg font-bold break-words">b/{shownName}</p>
        <p className="text-sm text-muted">
          {t('createChannel.previewMeta', { type: channelType === 'private' ? t('createChannel.private') : t('createChannel.public') })}
        </p>
        <p className="text-sm break-words whitespace-pre-wrap">{description.trim() || t('createChannel.previewDescription')}</p>
      </div>
    </section>
  );
}
