import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4411);
/** `astro dev` with the content editor. */
export const editorPort = Number(process.env.E2E_EDITOR_PORT ?? 4419);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every journey costs about a fifth of the run's time (measured on four spec files): in CI
    // only a retried journey records one, so a failure still comes with its trace; locally, as before.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The service worker precaches the whole site on every first visit; only the offline journey needs it
    // (tests/e2e/offline.spec.ts allows it), the other journeys test the pages and the API as served.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // Signs the shared roles in once per run and saves their storageState (tests/e2e/roles.ts).
    { name: 'roles', testMatch: /roles\.setup\.ts$/, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['roles'] },
  ],
  webServer: [
    {
      // The push journey's local push service (tests/helpers/push-receiver.ts) serves a self-signed certificate.
      command: 'NODE_EXTRA_CA_CERTS=tests/fixtures/push-receiver/cert.pem node --import tsx tests/helpers/e2e-server.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The content editor lives in `astro dev` only (npm run dev starts it): tests/e2e/content-editor.spec.ts.
      command: `ASTRO_TELEMETRY_DISABLED=1 npx astro dev --port ${editorPort} --host 127.0.0.1`,
      url: `http://127.0.0.1:${editorPort}/editor/api/pages`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
