import { expect, test } from 'vitest';
import { createServer } from '../src/server/server.js';
import type { DemoServerOptions } from '../src/server/server.js';

test.each([
  {
    options: { scheme: 'cookie' },
    error:
      'createServer: unknown scheme "cookie"; choose one of url-path, namespace, accept-header, hostname, query, header, media-type, composite.',
  },
  {
    options: { port: 65536 },
    error: 'createServer: port must be a whole number from 0 to 65535, got 65536.',
  },
  { options: { port: 1.5 }, error: 'createServer: port must be a whole number from 0 to 65535, got 1.5.' },
  {
    options: { host: '' },
    error: 'createServer: host must be a non-empty address such as 127.0.0.1, got "".',
  },
])('createServer($options) rejects: $error', async ({ options, error }) => {
  await expect(createServer(options as DemoServerOptions)).rejects.toThrow(error);
});
