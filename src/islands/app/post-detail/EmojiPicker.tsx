import { useT } from '../../i18n/use-t.tsx';

/** The comment box's nine emojis (part of the post page's code: small, and then the picker opens on the click). */
export const EMOJIS: readonly { char: string; name: string }[] = [
  { char: '😀', name: 'grinning' },
  { char: '😂', name: 'joy' },
  { char: '😍', name: 'heartEyes' },
  { char: '🤔', name: 'thinking' },
  { char: '😢', name: 'crying' },
  { char: '😡', name: 'angry' },
  { char: '👍', name: 'thumbsUp' },
  { char: '🙏', name: 'foldedHands' },
  { char: '🎉', name: 'party' },
];

export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useT();
  return (
    <div
      role="group"
      aria-label={t('postDetail.emojis')}
      className="absolute bottom-full left-0 z-20 mb-2 grid w-max grid-cols-5 gap-1 rounded-lg border border-line bg-surface p-2 shadow-lg"
    >
      {EMOJIS.map((emoji) => (
        <button
          key={emoji.char}
          type="button"
          aria-label={t(`postDetail.emoji.${emoji.name}`)}
          onClick={() => onPick(emoji.char)}
          className="flex size-10 items-center justify-center overflow-hidden rounded text-xl leading-none hover:bg-canvas"
        >
          {emoji.char}
        </button>
      ))}
    </div>
  );
}
