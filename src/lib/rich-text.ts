/**
 * What the post editor may produce, shared by the client's Quill set-up and the server's sanitiser,
 * so the editor never offers something the server would strip (spec section 5).
 */

/** Quill toolbar of the create-post screen: headers 1-3, bold, italic, underline, strike, lists, link, image, clean. */
export const EDITOR_TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'image'],
  ['clean'],
] as const;

/** Quill formats the editor accepts (anything else pasted in is dropped by Quill itself). */
export const EDITOR_FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'link', 'image'] as const;

/** Editor links allow only these schemes. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel', 'sms'] as const;
/** Editor images allow only these schemes; `data:` only for the raster types we accept as uploads. */
export const IMAGE_SCHEMES = ['http', 'https', 'data'] as const;

/** An embedded image Quill's image button makes: a base64 data URL of PNG, JPEG, GIF or WebP. */
export const DATA_IMAGE_URL = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/i;

/** HTML tags the stored description may contain. */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ol',
  'ul',
  'li',
  'a',
  'img',
  'span',
] as const;

/** Quill 2 marks list items with data-list instead of nesting ul/ol. */
export const LIST_KINDS = ['bullet', 'ordered', 'checked', 'unchecked'] as const;

/** Tags that may carry Quill's own `ql-*` classes (alignment, indentation, size). */
export const QUILL_CLASS_TAGS = ['p', 'span', 'h1', 'h2', 'h3', 'li'] as const;

/** Attributes added to every link so a post cannot steer the reader's tab or pass on referrer data. */
export const LINK_ATTRIBUTES = { rel: 'noopener noreferrer nofollow', target: '_blank' } as const;

function schemeOf(url: string): string | null {
  const match = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url);
  return match ? match[1].toLowerCase() : null;
}

/** True for a link the editor may keep: one of LINK_SCHEMES, or a relative link. */
export function isAllowedLinkUrl(url: string): boolean {
  const scheme = schemeOf(url);
  if (scheme === null) return !/^\s*[\\/]{2}/.test(url);
  return (LINK_SCHEMES as readonly string[]).includes(scheme);
}

/** True for an image source the editor may keep: http(s), or a base64 data URL of an accepted raster type. */
export function isAllowedImageUrl(url: string): boolean {
  const scheme = schemeOf(url);
  if (scheme === 'data') return DATA_IMAGE_URL.test(url.trim());
  return scheme === 'http' || scheme === 'https';
}
