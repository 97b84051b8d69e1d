/** The comment box's nine emojis (part of the post page's code: small, and then the picker opens on the click). */
export const EMOJIS: readonly { char: string; name: string }[] = [
  { char: '😀', name: 'grinning face' },
  { char: '😂', name: 'face with tears of joy' },
  { char: '😍', name: 'smiling face with heart-eyes' },
  { char: '🤔', name: 'thinking face' },
  { char: '😢', name: 'crying face' },
  { char: '😡', name: 'angry face' },
  { char: '👍', name: 'thumbs up' },
  { char: '🙏', name: 'folded hands' },
  { char: '🎉', name: 'party popper' },
];

export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <div role="group" aria-label="Emojis" className="absolute bottom-full left-0 z-20 mb-2 grid w-max grid-cols-5 gap-1 rounded-lg border border-line bg-surface p-2 shadow-lg">
      {EMOJIS.map((emoji) => (
        <button key={emoji.char} type="button" aria-label={emoji.name} onClick={() => onPick(emoji.char)} className="flex size-10 items-center justify-center overflow-hidden rounded text-xl leading-none hover:bg-canvas">
          {emoji.char}
        </button>
      ))}
    </div>
  );
}
