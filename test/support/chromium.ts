/** Debian's Chromium, which the journeys drive (a test tool's own browser download cannot work here). */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Run as root in a container: no sandbox, no GPU, and nothing reaching out on its own.
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
