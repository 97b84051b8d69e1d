/**
 * On a channel page: its owner's review queue (folded until opened, so the queue loads only when wanted) and,
 * for everyone, the way to the channel's public moderation log.
 */
import { useState } from 'react';
import { useT } from '../../i18n/use-t.tsx';
import ReviewQueue from './ReviewQueue.tsx';

export function ChannelReports({ circleId }: { circleId: number }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="rounded-xl border border-line bg-surface p-4"
      onToggle={(e) => setOpened((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer font-bold">{t('moderation.reportsToReview')}</summary>
      {opened && (
        <div className="mt-3">
          <ReviewQueue scope={{ kind: 'circle', circleId }} />
        </div>
      )}
    </details>
  );
}

export const modlogHref = (circleName: string) => `/modlog?circle=${encodeURIComponent(circleName)}`;

export function ChannelModlogLink({ circleName }: { circleName: string }) {
  const t = useT();
  return (
    <a href={modlogHref(circleName)} className="text-sm font-semibold text-brand-700 hover:underline">
      {t('moderation.log')}
    </a>
  );
}
