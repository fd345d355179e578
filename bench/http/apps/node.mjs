// node:http with restdash's request listener (soak only: node:http has no router to compare with).
import { once } from 'node:events';
import { createServer } from 'node:http';
import { body } from '../routes.mjs';

/** Starts the `restdash` variant (the only one) on 127.0.0.1 and resolves with its port. */
export async function start() {
  const { restdashAdapter } = await import('../restdash.mjs');
  const listener = await restdashAdapter('node', (req, res) => {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(body(req.resolverMatch.kwargs.pk, req.version)));
  });
  const server = createServer(listener).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server.address().port;
}
