/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_API_BASE?: string;
  readonly PUBLIC_SUPPORT_EMAIL?: string;
}

declare namespace App {
  interface Locals {
    /** Set by the Fastify server (src/server/plugins/site.ts) for server-rendered pages. */
    services?: import('./server/site-services.ts').SiteServices;
  }
}
