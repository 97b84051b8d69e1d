/** Editor settings without Quill itself, so they can be unit-tested and read by the island cheaply. */

/** Spec section 9: undo groups changes within 1000 ms and keeps at most 100 steps. */
export const EDITOR_HISTORY = { delay: 1000, maxStack: 100, userOnly: true } as const;

/** Each toolbar control's catalog key (editor.*), by Quill format (and value). */
export const TOOLBAR_LABELS: Record<string, string> = {
  bold: 'editor.bold',
  italic: 'editor.italic',
  underline: 'editor.underline',
  strike: 'editor.strike',
  'list:ordered': 'editor.orderedList',
  'list:bullet': 'editor.bulletList',
  link: 'editor.link',
  image: 'editor.image',
  clean: 'editor.clean',
};

/**
 * Quill 2.0.3's getSemanticHTML turns every space into &nbsp; (slab/quill#4509), which stops lines from
 * wrapping. Keep one ordinary space per run and only the extra ones as &nbsp;, so runs of spaces still show.
 */
export function fixSemanticSpaces(html: string): string {
  return html.replace(/(?:&nbsp;)+/g, (run) => ' ' + '&nbsp;'.repeat(run.length / 6 - 1));
}
