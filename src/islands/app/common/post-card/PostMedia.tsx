import { useStore } from '@nanostores/react';
import { useId, useState, type CSSProperties } from 'react';
import type { VideoRendition } from '../../../../lib/api-types.ts';
import { browserConnection, chosenRendition } from '../../../../lib/video-quality.ts';
import { srcsetOf, urlForWidth, type ImageSources } from '../../../../lib/media-variants.ts';
import { $dataSaver } from '../../../../stores/data-saver.store.ts';
import { useT } from '../../../i18n/use-t.tsx';

/**
 * What data saver shows instead of an image or a video: a box of the same place that loads it on a tap (in a
 * decorative tile, only the box).
 */
const TAP_TONES = {
  image: { box: 'bg-canvas', button: 'text-brand-700 hover:bg-brand-50', hint: 'text-muted' },
  video: { box: 'bg-black', button: 'text-white', hint: 'text-white/80' },
};

/** Data saver's hold on one image or video: `held` until the reader taps it (always loaded when data saver is off). */
function useDataSaverHold(): { held: boolean; tapped: boolean; tap: () => void } {
  const dataSaver = useStore($dataSaver);
  const [tapped, setTapped] = useState(false);
  return { held: dataSaver && !tapped, tapped, tap: () => setTapped(true) };
}

function TapToLoad({
  tone,
  className,
  inert,
  style,
  label,
  text,
  onTap,
}: {
  tone: keyof typeof TAP_TONES;
  className: string;
  inert: boolean;
  style?: CSSProperties;
  label: string;
  text: string;
  onTap: () => void;
}) {
  const t = useT();
  const { box, button, hint } = TAP_TONES[tone];
  if (inert) return <div className={`${className} ${box}`} aria-hidden="true" />;
  return (
    <button
      type="button"
      onClick={onTap}
      className={`${className} flex flex-col items-center justify-center gap-1 text-sm font-semibold ${box} ${button}`}
      style={style}
      aria-label={label}
    >
      <span>{text}</span>
      <span className={`text-xs font-normal ${hint}`}>{t('media.dataSaverOn')}</span>
    </button>
  );
}

type ImageProps = {
  url: string;
  sources?: ImageSources;
  alt: string;
  /** How wide the image is drawn, for the browser to pick a variant (`sizes`). */
  sizes: string;
  className: string;
  /** Drawn inside a tile that only decorates (the '+N more' tile): no tap to load, nothing for assistive tech. */
  inert?: boolean;
  /** The screen's largest picture on arrival (the first post's first image): fetched at once and first, not lazily. */
  priority?: boolean;
};

/**
 * A post's image: AVIF or WebP in the width the screen needs (the variants the server made), the original as the
 * fallback, loaded lazily, with its intrinsic size so nothing shifts when it arrives. With data saver on, a box of
 * the same size waits for a tap.
 */
export function PostImage({ url, sources, alt, sizes, className, inert = false, priority = false }: ImageProps) {
  const t = useT();
  const { held, tapped, tap } = useDataSaverHold();
  const width = sources?.width ?? undefined;
  const height = sources?.height ?? undefined;
  if (held) {
    return (
      <TapToLoad
        className={className}
        tone="image"
        inert={inert}
        style={width && height ? { aspectRatio: `${width} / ${height}` } : undefined}
        label={t('media.loadImageOf', { alt })}
        text={t('media.loadImage')}
        onTap={tap}
      />
    );
  }
  const variants = sources?.variants ?? [];
  return (
    <picture className="contents">
      {variants.some((v) => v.format === 'avif') && <source type="image/avif" srcSet={srcsetOf(sources!, 'avif')} sizes={sizes} />}
      {variants.some((v) => v.format === 'webp') && <source type="image/webp" srcSet={srcsetOf(sources!, 'webp')} sizes={sizes} />}
      <img
        src={url}
        alt={inert ? '' : alt}
        loading={tapped || priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        width={width ?? 600}
        height={height ?? 400}
        className={className}
      />
    </picture>
  );
}

type VideoProps = {
  url: string;
  /** Its renditions for slow networks: the player starts with the one the connection suits and offers the others. */
  renditions?: VideoRendition[];
  /** Its poster frame (drawn by the uploader's browser), when it has one. */
  poster?: ImageSources | null;
  /** How wide the player is drawn at most, in CSS pixels: picks the poster's variant (a poster takes one URL). */
  posterWidth?: number;
  className: string;
  inert?: boolean;
  label: string;
};

/**
 * A post's or comment's video: only its poster frame (the variant that fits the player) loads until the reader
 * presses play (`preload="none"`). With data saver on, neither the player nor the poster appears until tapped: the
 * poster is an image, and data saver loads images on a tap too.
 */
export function PostVideo({ url, renditions = [], poster, posterWidth = 640, className, inert = false, label }: VideoProps) {
  const t = useT();
  const { held, tap } = useDataSaverHold();
  const dataSaver = useStore($dataSaver);
  // 'auto' follows the connection and data saver; a height is the reader's own choice from the menu.
  const [quality, setQuality] = useState<number | 'auto'>('auto');
  const id = useId();
  if (held) {
    return (
      <TapToLoad
        className={className}
        tone="video"
        inert={inert}
        label={t('media.loadVideoOf', { label })}
        text={t('media.loadVideo')}
        onTap={tap}
      />
    );
  }
  const automatic = chosenRendition(renditions, dataSaver, browserConnection());
  const source = quality === 'auto' ? (automatic?.url ?? url) : (renditions.find((each) => each.height === quality)?.url ?? url);
  const video = (
    <video
      key={source}
      src={source}
      poster={poster ? urlForWidth(poster, posterWidth) : undefined}
      controls={!inert}
      preload="none"
      playsInline
      aria-label={inert ? undefined : label}
      tabIndex={inert ? -1 : undefined}
      aria-hidden={inert || undefined}
      className={className}
    />
  );
  if (inert || renditions.length < 2) return video;
  return (
    <div className="relative">
      {video}
      <label htmlFor={`${id}-quality`} className="sr-only">
        {t('media.quality')}
      </label>
      <select
        id={`${id}-quality`}
        value={String(quality)}
        onChange={(event) => setQuality(event.target.value === 'auto' ? 'auto' : Number(event.target.value))}
        className="absolute top-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-semibold text-white"
      >
        <option value="auto">{t('media.qualityAuto', { height: automatic?.height ?? '' })}</option>
        {renditions.map((each) => (
          <option key={each.height} value={each.height}>
            {`${each.height}p`}
          </option>
        ))}
      </select>
    </div>
  );
}
