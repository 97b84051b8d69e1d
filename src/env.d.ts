/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_API_BASE?: string;
  readonly PUBLIC_SUPPORT_EMAIL?: string;
  /** The server's MAX_UPLOAD_MB as the site was built (astro.config.mjs). */
  readonly PUBLIC_MAX_UPLOAD_MB: string;
}

declare namespace App {
  interface Locals {
    /** Set by the Fastify server (src/server/plugins/site.ts) for server-rendered pages. */
    services?: import('./server/site-services.ts').SiteServices;
  }
}
