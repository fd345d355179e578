// node:http variants: a bare listener (each pattern precompiled with path-to-regexp's match(), tried in
// order, the JSON body written by hand) and restdash's request listener.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { match } from 'path-to-regexp';
import { body, PATTERNS } from '../routes.mjs';

function send(res, value) {
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(value));
}

const variants = {
  bare() {
    const routes = [
      [match(PATTERNS.path), (params) => params.version],
      [match(PATTERNS.accept), () => '1.0'],
      [match(PATTERNS.query), () => '1.0'],
      [match(PATTERNS.host), () => 'v1'],
    ];
    return (req, res) => {
      const target = req.url ?? '/';
      const mark = target.indexOf('?');
      const path = mark === -1 ? target : target.slice(0, mark);
      for (const [matches, version] of routes) {
        const found = matches(path);
        if (found) return send(res, body(found.params.pk, version(found.params)));
      }
      res.statusCode = 404;
      res.end();
    };
  },
  async restdash() {
    const { restdashAdapter } = await import('../restdash.mjs');
    return restdashAdapter('node', (req, res) =>
      // `??`: before restdash gave node:http handlers `req.params`, only the resolver match had them.
      send(res, body(req.params?.pk ?? req.resolverMatch.kwargs.pk, req.version)),
    );
  },
};

/** Starts `variant` on 127.0.0.1 and resolves with its port. */
export async function start(variant = 'restdash') {
  const server = createServer(await variants[variant]()).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server.address().port;
}
