/**
 * The post editor: a slim Quill 2 build with only the formats the toolbar offers, and the scheme rules
 * shared with the server's sanitiser. Imported dynamically by RichTextEditor, so Quill and its CSS
 * load on the create-post page only.
 */
import Quill from 'quill/core.js';
import Header from 'quill/formats/header.js';
import List from 'quill/formats/list.js';
import Bold from 'quill/formats/bold.js';
import Italic from 'quill/formats/italic.js';
import Underline from 'quill/formats/underline.js';
import Strike from 'quill/formats/strike.js';
import Link from 'quill/formats/link.js';
import Image from 'quill/formats/image.js';
import Toolbar from 'quill/modules/toolbar.js';
import SnowTheme from 'quill/themes/snow.js';
import 'quill/dist/quill.snow.css';
import './quill-labels.css';
import './quill-theme.css';
import { EDITOR_FORMATS, EDITOR_TOOLBAR, LINK_SCHEMES, isAllowedImageUrl, isAllowedLinkUrl } from '../../../lib/rich-text.ts';
import { EDITOR_HISTORY, TOOLBAR_LABELS, fixSemanticSpaces } from './editor-config.ts';
import type { Translate } from '../../../lib/i18n.ts';

class SafeLink extends Link {
  static PROTOCOL_WHITELIST = [...LINK_SCHEMES];
  static sanitize(url: string): string {
    return isAllowedLinkUrl(url) ? url : this.SANITIZED_URL;
  }
}

class SafeImage extends Image {
  static sanitize(url: string): string {
    return isAllowedImageUrl(url) ? url : '//:0';
  }
}

Quill.register(
  {
    'formats/header': Header,
    'formats/list': List,
    'formats/bold': Bold,
    'formats/italic': Italic,
    'formats/underline': Underline,
    'formats/strike': Strike,
    'formats/link': SafeLink,
    'formats/image': SafeImage,
    'modules/toolbar': Toolbar,
    'themes/snow': SnowTheme,
  },
  true,
);

export type PostEditor = {
  /** The body as HTML, or '' when nothing was written. */
  html: () => string;
  /** Puts a saved draft's text in (sanitised by the server when it was saved). */
  setHtml: (html: string) => void;
  /** Calls `listener` whenever the member changes the text. */
  onChange: (listener: () => void) => void;
  destroy: () => void;
};

/** Quill's toolbar controls carry no useful names; give each one a label a screen reader can read. */
function labelControls(toolbar: HTMLElement, root: HTMLElement, labelledBy: string, t: Translate) {
  toolbar.setAttribute('aria-label', t('editor.formatting'));
  for (const button of toolbar.querySelectorAll<HTMLButtonElement>('button')) {
    const format = [...button.classList].find((name) => name.startsWith('ql-'))?.slice(3) ?? '';
    const key = button.value ? `${format}:${button.value}` : format;
    if (TOOLBAR_LABELS[key]) button.setAttribute('aria-label', t(TOOLBAR_LABELS[key]));
  }
  for (const label of toolbar.querySelectorAll<HTMLElement>('.ql-picker-label')) label.setAttribute('aria-label', t('editor.textStyle'));
  for (const item of toolbar.querySelectorAll<HTMLElement>('.ql-picker-item')) {
    const level = item.dataset.value;
    item.setAttribute('aria-label', level ? t('editor.heading', { level }) : t('editor.normal'));
  }
  root.setAttribute('role', 'textbox');
  root.setAttribute('aria-multiline', 'true');
  root.setAttribute('aria-labelledby', labelledBy);
  const tooltip = root.parentElement?.querySelector<HTMLElement>('.ql-tooltip');
  tooltip?.querySelector('input')?.setAttribute('aria-label', t('editor.linkAddress'));
  // The tooltip's own words are CSS content in Quill's theme; quill-labels.css reads these instead.
  tooltip?.setAttribute('data-visit', t('editor.visitLink'));
  tooltip?.setAttribute('data-enter-link', t('editor.enterLink'));
  tooltip?.querySelector('a.ql-action')?.setAttribute('data-edit', t('editor.editLink'));
  tooltip?.querySelector('a.ql-action')?.setAttribute('data-save', t('editor.saveLink'));
  tooltip?.querySelector('a.ql-remove')?.setAttribute('data-remove', t('editor.removeLink'));
}

export function createPostEditor(container: HTMLElement, options: { placeholder: string; labelledBy: string; t: Translate }): PostEditor {
  const quill = new Quill(container, {
    theme: 'snow',
    placeholder: options.placeholder,
    formats: [...EDITOR_FORMATS],
    modules: {
      toolbar: EDITOR_TOOLBAR as unknown as unknown[],
      history: EDITOR_HISTORY,
    },
  });
  const toolbar = (quill.getModule('toolbar') as Toolbar).container;
  if (toolbar) labelControls(toolbar, quill.root, options.labelledBy, options.t);
  return {
    html: () => (quill.getLength() <= 1 && !quill.root.querySelector('img') ? '' : fixSemanticSpaces(quill.getSemanticHTML())),
    setHtml: (html) => quill.clipboard.dangerouslyPasteHTML(html, 'silent'),
    onChange: (listener) => void quill.on('text-change', (_delta, _old, source) => source === 'user' && listener()),
    destroy: () => {
      toolbar?.remove();
      container.innerHTML = '';
      container.className = '';
    },
  };
}
