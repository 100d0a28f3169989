import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/chromium';

const port = Number(process.env.JOURNEY_PORT ?? 3100);

export default defineConfig({
  testDir: './journeys',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Every page a journey visits is checked with axe-core three times (two themes, two widths), and
  // `npm test` runs the journeys beside other suites on two cores: budgets are for a hang, not
  // for a busy machine (a slow journey's `test.slow()` triples its own).
  timeout: 300_000,
  expect: { timeout: 15_000 },
  // npm test runs two journey runs side by side (JOURNEY_OUTPUT apart): they keep to the list.
  reporter: process.env.CI || process.env.JOURNEY_OUTPUT ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  // npm test keeps its logs in test-results/logs and its journeys' traces in a folder of their own.
  outputDir: `../${process.env.JOURNEY_OUTPUT ?? 'test-results'}`,
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace costs a sixth of a journey's time; on CI nobody can open one (the log and the
    // failure's screenshot are what it prints), so it is recorded on a developer's machine only.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
    // An action that finds nothing to act on fails within a minute instead of using up the test's budget.
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node test/journeys/serve.mjs',
    cwd: '..',
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
