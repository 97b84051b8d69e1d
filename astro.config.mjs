// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import tailwindcss from '@tailwindcss/vite';
import { serviceWorker } from './scripts/service-worker.mjs';
import { contentEditor } from './scripts/content-editor.mjs';

// Static pages are prerendered; pages whose path carries an id render on the server
// (inside Fastify, through the node adapter in middleware mode).
// The media picker states the server's upload limit; the server reads MAX_UPLOAD_MB (default 100, see
// src/server/config.ts) at run time, the site when it is built.
const maxUploadMb = process.env.MAX_UPLOAD_MB ?? '100';

/**
 * `client:interaction="<selector>"`: hydrate an island when someone first reaches for what the selector names.
 * @type {import('astro').AstroIntegration}
 */
const hydrateOnInteraction = {
  name: 'bharat-square-hydrate-on-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'interaction', entrypoint: './src/lib/browser/hydrate-on-interaction.ts' }),
  },
};

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), mdx(), hydrateOnInteraction, serviceWorker(), contentEditor()],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  vite: { plugins: [tailwindcss()], define: { 'import.meta.env.PUBLIC_MAX_UPLOAD_MB': JSON.stringify(maxUploadMb) } },
  devToolbar: { enabled: false },
});
