// Launches Debian's Chromium through playwright-core for the browser suites (never a downloaded browser).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/** Where browser suites save screenshots; CI keeps this folder as the test artifacts. */
export const artifactsDir = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** Path of a new artifact file, creating the folder on first use. */
export function artifactPath(name: string): string {
  mkdirSync(artifactsDir, { recursive: true });
  return join(artifactsDir, name);
}

/** Starts headless Chromium with the flags this machine's closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Bootstrap honours reduced motion: no colour transitions half-way through in the screenshots.
      '--force-prefers-reduced-motion',
    ],
  });
}
