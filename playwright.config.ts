import { defineConfig, devices } from '@playwright/test';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const node = process.execPath;

/** One server per brand, each serving its own build; E2E_PORT moves them (two runs side by side). */
const port = Number(process.env.E2E_PORT ?? 4410);
const servers = {
  shipbox: port,
  mailbridge: port + 1,
} as const;

export default defineConfig({
  testDir: 'tests/e2e',
  // Journeys through a payment provider's pages check each step with axe: on a busy 2-core machine they need more
  // than the defaults (30 s a test, 5 s an expectation), though they fail as surely when something is wrong.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    // The site's service worker stays out of the way of the tests' own routing; the installed app's tests allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chrome,
      // No background traffic: this machine has no network but loopback.
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'shipbox',
      testIgnore: [/mailbridge\.spec\.ts/, /\.journey\.ts/],
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${servers.shipbox}` },
    },
    {
      // Journeys that change the demo accounts (passwords, activation): one at a time, after the rest.
      name: 'shipbox-journeys',
      testMatch: /\.journey\.ts/,
      dependencies: ['shipbox'],
      fullyParallel: false,
      // One file at a time too: the journeys share the demo accounts.
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${servers.shipbox}` },
    },
    {
      name: 'mailbridge',
      // Its own journeys, and the every-route audit, the phone-first pages and the installable app in English.
      testMatch: /(mailbridge|every-route|phone-first|install)\.spec\.ts/,
      // Mailbridge is English only: its audit runs the English routes.
      grepInvert: /@ar\b/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${servers.mailbridge}` },
    },
  ],
  webServer: Object.entries(servers).map(([brand, port]) => ({
    command: `"${node}" server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    // The content editor writes the content files in place: its own test (editor.spec.ts) runs a server of its own.
    env: { BRAND: brand, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: 'memory://', EDITOR: '0' },
    reuseExistingServer: false,
    timeout: 30_000,
  })),
});
