import type { IncomingMessage, ServerResponse } from 'node:http';
import { APIException, MethodNotAllowed } from '../../errors.js';
import { describe } from '../../urls/describe.js';
import type { UrlConf } from '../../urls/urlconf.js';
import {
  type AdapterOptions,
  catchProblems,
  exposeOn,
  mountRoutes,
  type Problem,
  renderProblem,
  type VersioningVariables,
} from '../shared.js';
import { unroutablePath } from '../malformed-path.js';

/** A node:http request as a versioned route's handler receives it. */
export type VersionedIncomingMessage = IncomingMessage & VersioningVariables;

/** A route handler for the node:http adapter; it may return a promise. */
export type VersionedRequestListener = (req: VersionedIncomingMessage, res: ServerResponse) => unknown;

/** Options of the node:http adapter. */
export interface NodeAdapterOptions extends AdapterOptions {
  /**
   * Told about an error a handler threw (anything but an `APIException`) once the client got a 500 that does not
   * reveal it. @default console.error
   */
  readonly onError?: (error: unknown, req: IncomingMessage) => void;
}

function send(res: ServerResponse, problem: Problem): void {
  if (res.headersSent) res.destroy();
  else res.writeHead(problem.status, problem.headers).end(problem.body);
}

function answers(methods: readonly string[] | null, method: string): boolean {
  return methods === null || methods.includes(method) || (method === 'HEAD' && methods.includes('GET'));
}

/**
 * A node:http request listener serving every route of `urlconf` with its handler `(req, res)`, each request
 * versioned first: `req.version`, `req.versioningScheme`, `req.resolverMatch`, `req.reverse()`. No route: 404;
 * a route without the method: 405 with `Allow`; an error a handler throws: 500. All as problem+json.
 * @example
 * http.createServer(versioned(urlconf, { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) })).listen(3000);
 */
export function versioned(
  urlconf: UrlConf,
  options: NodeAdapterOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const where = 'node versioned(urlconf, options)';
  const mounts = mountRoutes<VersionedRequestListener>(where, urlconf, options, 'path-to-regexp', [
    'onError',
  ]);
  const { onError = console.error } = options;
  if (typeof onError !== 'function') {
    throw new TypeError(`${where}: options.onError must be a function, got ${describe(onError)}`);
  }

  return (req, res) => {
    const target = req.url ?? '/';
    const end = target.search(/[?#]/);
    const path = end === -1 ? target : target.slice(0, end);
    const method = req.method ?? 'GET';
    const language = req.headers['accept-language'];
    let allowed: Set<string> | null = null;
    for (const mount of mounts) {
      const match = mount.route.match(path);
      if (match === null) continue;
      if (!answers(mount.methods, method)) {
        allowed ??= new Set<string>();
        for (const name of mount.methods ?? []) allowed.add(name);
        continue;
      }
      if (mount.vary !== '') res.setHeader('vary', mount.vary);
      const fail = (error: unknown): void => {
        onError(error, req);
        send(res, mount.problem(new APIException(), language));
      };
      try {
        const result = catchProblems(
          () => {
            const versioning = mount.version(req, match, (name, value) => {
              res.appendHeader(name, value);
            });
            exposeOn(req, versioning);
            return versioning.handler(req as VersionedIncomingMessage, res);
          },
          (error) => {
            send(res, mount.problem(error, language));
          },
        );
        if (result instanceof Promise) result.catch(fail);
      } catch (error) {
        fail(error);
      }
      return;
    }
    const methods = allowed === null ? [] : [...allowed];
    if (methods.length > 0) res.setHeader('allow', methods.join(', '));
    const error = methods.length > 0 ? new MethodNotAllowed(method, methods) : unroutablePath(path);
    send(res, renderProblem(error, language, ''));
  };
}
