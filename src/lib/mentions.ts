/**
 * @mentions, one rule for the server (who is told) and the screens (which words link to a profile card): `@` then
 * a handle as the app makes them (a colour, an animal and digits, e.g. @CrimsonTiger4821): a letter, then 2 to 39
 * letters or digits, not glued to a word before it.
 */
const MENTION = /(^|[^A-Za-z0-9_@])@([A-Za-z][A-Za-z0-9]{2,39})(?![A-Za-z0-9_])/g;

/** At most this many people are told of one piece of writing, so a list of handles is not a way to spam. */
export const MAX_MENTIONS = 10;

/** The distinct handles a text mentions, in order, at most MAX_MENTIONS. */
export function mentionedHandles(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    found.add(match[2]);
    if (found.size >= MAX_MENTIONS) break;
  }
  return [...found];
}

export type TextPart = { text: string; handle?: string };

/** A text cut into plain runs and mentions, in order, for rendering mentions as links. */
export function splitMentions(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const start = match.index + match[1].length;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: `@${match[2]}`, handle: match[2] });
    last = start + 1 + match[2].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
