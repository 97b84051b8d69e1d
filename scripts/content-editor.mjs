// The content editor, in `astro dev` only: /editor and its API (src/editor/). `astro build` never sees these
// routes, so no production build or server carries the editor.
/** @returns {import('astro').AstroIntegration} */
export function contentEditor() {
  return {
    name: 'bharat-square-content-editor',
    hooks: {
      'astro:config:setup': ({ command, injectRoute }) => {
        if (command !== 'dev') return;
        injectRoute({ pattern: '/editor', entrypoint: './src/editor/EditorPage.astro', prerender: false });
        injectRoute({ pattern: '/editor/api/[...path]', entrypoint: './src/editor/editor-api.ts', prerender: false });
      },
    },
  };
}
