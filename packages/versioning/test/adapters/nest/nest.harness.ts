import type { INestApplication } from '@nestjs/common';
import type { Served } from '../support.js';

/** One of Nest's platforms, as the Nest contract drives it. */
export interface NestHarness {
  readonly platform: 'express' | 'fastify';
  /** The documented example's `main()` on this platform (docs/adapters/nest.md). */
  readonly example: (port: number) => Promise<INestApplication>;
  /** A Nest application of `module` on this platform, not yet started (`configure` may set it up first). */
  create(module: object): Promise<INestApplication>;
}

/** Starts `app` on 127.0.0.1, port 0. */
export async function start(app: INestApplication): Promise<Served> {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** What bootstrapping `app` (`app.init()`) rejects with, `null` when it bootstraps; `app` is closed after. */
export async function bootstrapError(app: INestApplication): Promise<unknown> {
  try {
    return await app.init().then(
      () => null,
      (rejected: unknown) => rejected,
    );
  } finally {
    await app.close();
  }
}
