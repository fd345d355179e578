import { afterAll, beforeAll } from 'vitest';
import { createServer } from '../../src/server/server.js';
import type { DemoServer, DemoServerOptions } from '../../src/server/server.js';

/** The demo server the tests of one `describe` share. */
export interface ServedDemo {
  /** Its URL (`http://127.0.0.1:<port>/`), once the `describe`'s `beforeAll` hooks have run. */
  readonly base: string;
  /** The same, as a URL. */
  readonly url: URL;
}

/**
 * Starts a demo server with `options` before the tests of the calling `describe` (hooks registered after this one
 * see it listening) and closes it after them.
 */
export function serveDemo(options: DemoServerOptions): ServedDemo {
  let server: DemoServer | undefined;
  let base = '';
  beforeAll(async () => {
    // v1's brownouts (a few seconds every minute) would fail a test now and then: on only where a test asks.
    server = await createServer({ brownouts: false, ...options });
    base = await server.listen();
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get base() {
      return base;
    },
    get url() {
      return new URL(base);
    },
  };
}
