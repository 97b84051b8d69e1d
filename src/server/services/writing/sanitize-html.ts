import sanitizeHtml from 'sanitize-html';
import {
  ALLOWED_TAGS,
  IMAGE_SCHEMES,
  LINK_ATTRIBUTES,
  LINK_SCHEMES,
  LIST_KINDS,
  QUILL_CLASS_TAGS,
  isAllowedImageUrl,
} from '../../../lib/rich-text.ts';

const quillClasses = Object.fromEntries(QUILL_CLASS_TAGS.map((tag) => [tag, ['ql-*']]));

/** What one sanitising pass does with data-URL images: note them, or put their cleaned copies in. */
type ImagePass = { seen?: Set<string>; cleaned?: Map<string, string | null> };

const isDataUrl = (src: string) => src.startsWith('data:');

/**
 * The editor's HTML, reduced to what Quill's toolbar can make (spec section 5): no scripts, styles,
 * event handlers or foreign URL schemes; links open in a new tab without referrer.
 */
function optionsFor(images: ImagePass = {}): sanitizeHtml.IOptions {
  return {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: {
      a: ['href', 'rel', 'target'],
      img: ['src', 'alt'],
      li: ['data-list'],
    },
    allowedClasses: quillClasses,
    allowedSchemes: [...LINK_SCHEMES],
    allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    allowedStyles: {},
    disallowedTagsMode: 'discard',
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { ...LINK_ATTRIBUTES }),
      li: (tagName, attribs) => {
        const kept = { ...attribs };
        if (!(LIST_KINDS as readonly string[]).includes(kept['data-list'])) delete kept['data-list'];
        return { tagName, attribs: kept };
      },
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        if (!isDataUrl(src)) return { tagName, attribs };
        images.seen?.add(src);
        // A data image whose cleaned copy is null loses its source and is dropped by the filter below.
        return { tagName, attribs: images.cleaned?.has(src) ? { ...attribs, src: images.cleaned.get(src) ?? '' } : attribs };
      },
    },
    // An image whose source was refused (or a data URL of another type) is dropped whole, not left empty.
    exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageUrl(frame.attribs.src ?? ''),
  };
}

const hasContent = (clean: string) =>
  /<img\b/i.test(clean) ||
  clean
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '';

/** Sanitises a post description; blank markup (Quill's empty `<p><br></p>`) becomes ''. */
export function sanitizeDescription(html: string): string {
  const clean = sanitizeHtml(html, optionsFor()).trim();
  return hasContent(clean) ? clean : '';
}

/**
 * Sanitises a post description and replaces each embedded (data-URL) image with `cleanImage`'s copy of
 * it (re-encoded without metadata), or drops it where that gives null.
 */
export async function sanitizeRichText(html: string, cleanImage: (dataUrl: string) => Promise<string | null>): Promise<string> {
  const seen = new Set<string>();
  const clean = sanitizeHtml(html, optionsFor({ seen })).trim();
  if (seen.size === 0) return hasContent(clean) ? clean : '';
  const cleaned = new Map(await Promise.all([...seen].map(async (source) => [source, await cleanImage(source)] as const)));
  const final = sanitizeHtml(clean, optionsFor({ cleaned })).trim();
  return hasContent(final) ? final : '';
}
