import sanitizeHtml from 'sanitize-html';
import {
  ALLOWED_TAGS,
  IMAGE_SCHEMES,
  LINK_ATTRIBUTES,
  LINK_SCHEMES,
  LIST_KINDS,
  QUILL_CLASS_TAGS,
  isAllowedImageUrl,
} from '../../lib/rich-text.ts';

const quillClasses = Object.fromEntries(QUILL_CLASS_TAGS.map((tag) => [tag, ['ql-*']]));

/**
 * The editor's HTML, reduced to what Quill's toolbar can make (spec section 5): no scripts, styles,
 * event handlers or foreign URL schemes; links open in a new tab without referrer.
 */
const OPTIONS: sanitizeHtml.IOptions = {
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
  },
  // An image whose source was refused (or a data URL of another type) is dropped whole, not left empty.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageUrl(frame.attribs.src ?? ''),
};

/** Sanitises a post description; blank markup (Quill's empty `<p><br></p>`) becomes ''. */
export function sanitizeDescription(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const hasContent = /<img\b/i.test(clean) || clean.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';
  return hasContent ? clean : '';
}
