import { readableOn } from './avatar-colors.ts';

const SIZES = { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-20 text-3xl' } as const;

/** The initial avatar: the first letter of the handle on the user's colour. Decorative next to the name. */
export function Avatar({ name, color, size = 'sm' }: { name: string; color?: string | null; size?: keyof typeof SIZES }) {
  const background = color || '#9a3412';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold uppercase ${SIZES[size]}`}
      style={{ background, color: readableOn(background) }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
