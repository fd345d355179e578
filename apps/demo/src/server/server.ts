import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pagination } from '@restdash/pagination';
import { isAPIException, NoReverseMatch, NotFound, path, UrlConf } from '@restdash/versioning';
import { type AdapterOptions, type VersionedRequest, versioned } from '@restdash/versioning/fastify';
import { datedApi, datedPrefix } from './dated.js';
import { apiDocsPath, usagePath } from '../shared/api.js';
import type { ApiMeta, SchemeName, VersionAsk, VersionRequest, VersionUsage } from '../shared/api.js';
import {
  apiDocsHref,
  defaultPageSize,
  maxPageSize,
  maxSearchLength,
  orderings,
  schemeNames,
  toCurl,
} from '../shared/api.js';
import type { PageState } from '../shared/page-state.js';
import { requestedPage, requestedVersion } from '../shared/page-state.js';
import { toCityV3, toV2 } from './api-shapes.js';
import { loadCities } from './cities.js';
import type { City } from './cities.js';
import { loadClientFiles, renderPage } from './client-files.js';
import { paginate, parseListParams } from './list-params.js';
import type { ListParams } from './list-params.js';
import { apiHistory } from './api-history.js';
import { changelogPath, renderChangelogPage } from './changelog-page.js';
import { apiDocument, documentTitle } from './openapi.js';
import type { DocumentSource } from './openapi.js';
import { sendProblem } from './problems.js';
import { defaultDocsSiteDir, serveDocsSite } from './docs-site.js';
import {
  apiRoutes,
  citiesRouteName,
  cityRouteName,
  isAskableLabel,
  retirementPolicies,
  schemes,
  shapeOf,
  v1Sunset,
  versionHostDomain,
} from './schemes.js';
import type { Framework } from './command-line.js';
import { brownoutState, brownoutWindows, countVersions } from './version-usage.js';
import type { CityHandlers, NeutralReverse } from './schemes.js';

/** Options of {@link createServer}. */
export interface DemoServerOptions {
  /** How clients pick the API version. @default 'url-path' */
  readonly scheme?: SchemeName;
  /** What serves the API: restdash's Fastify plugin, or NestJS on platform-fastify (every scheme but namespace). */
  readonly framework?: Framework;
  /** TCP port; 0 picks a free one. @default 3000 */
  readonly port?: number;
  /** Address to listen on. @default '127.0.0.1' */
  readonly host?: string;
  /** The Vite build of the page (`index.html` + `assets/`). @default apps/demo/dist/client */
  readonly clientDir?: string;
  /** Fastify's request log on stdout. @default false */
  readonly logger?: boolean;
  /**
   * The time the version policies' dates are compared with (the adapter's `clock`), for tests that step through
   * v1's retirement. @default Date.now
   */
  readonly clock?: () => number;
  /**
   * Brown v1 out for a few seconds every minute (see `brownoutEveryMinute`), which the page shows; tests that must not
   * meet a window turn it off. @default true
   */
  readonly brownouts?: boolean;
  /**
   * The built documentation site, served under /docs/ (until it is built, a 404 says how to build it).
   * @default docs/.vitepress/dist
   */
  readonly docsSiteDir?: string;
}

/** A demo server, built and ready to {@link DemoServer.listen}. */
export interface DemoServer {
  readonly app: FastifyInstance;
  readonly scheme: SchemeName;
  /** `http://host:port/` once listening (the real port when 0 was asked). */
  readonly url: string;
  /** After {@link DemoServer.listen}: for each version, a curl command that asks for it. */
  readonly hints: readonly string[];
  /** Starts listening; resolves to {@link DemoServer.url}. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Name of the route of the OpenAPI documents, `/api/openapi/<version>.json`. */
const openapiRouteName = 'openapi-document';

const defaultClientDir = fileURLToPath(new URL('../../dist/client/', import.meta.url));
/** Loopback names; `.localhost` covers the version hosts `v1.demo.localhost`, `v2.demo.localhost`. */
const allowedHosts = ['127.0.0.1', 'localhost', '.localhost', '[::1]'];

function queryOf(request: FastifyRequest): URLSearchParams {
  const at = request.url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
}

/**
 * Builds the demo: the versioned city API, `GET /api/meta` and the web page, on one Fastify app
 * routed by the restdash Fastify adapter. Loads the city data set on first use (once per process).
 * @example
 * const server = await createServer({ scheme: 'namespace', port: 0 });
 * const url = await server.listen(); // 'http://127.0.0.1:54321/'
 * await server.close();
 */
export async function createServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const scheme = options.scheme ?? 'url-path';
  if (!(schemeNames as readonly unknown[]).includes(scheme)) {
    throw new TypeError(
      `createServer: unknown scheme ${JSON.stringify(scheme)}; choose one of ${schemeNames.join(', ')}.`,
    );
  }
  if (options.framework === 'nest' && scheme === 'namespace') {
    throw new TypeError(
      'createServer: the namespace scheme cannot run on Nest (Nest routes have no namespaces).',
    );
  }
  const port = options.port ?? 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(`createServer: port must be a whole number from 0 to 65535, got ${String(port)}.`);
  }
  const host = options.host ?? '127.0.0.1';
  if (typeof host !== 'string' || host === '') {
    throw new TypeError(
      `createServer: host must be a non-empty address such as 127.0.0.1, got ${JSON.stringify(host)}.`,
    );
  }
  const setup = schemes[scheme];
  const table = await loadCities();
  const client = loadClientFiles(options.clientDir ?? defaultClientDir);
  const versioning = setup.createVersioning();
  const now = options.clock ?? Date.now;
  const oldest = setup.versions[0];
  const windows = options.brownouts === false ? [] : brownoutWindows(now(), v1Sunset);
  const policies = retirementPolicies(setup.versions, windows);
  const usage = countVersions(setup.versions, '/api/');
  const usageOf = (_request: VersionedRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').send({
      versions: usage.counts(),
      brownout: windows.length === 0 ? null : brownoutState(oldest, windows, now()),
    } satisfies VersionUsage);
  const largest = table.list({ ordering: '-population', search: '' })[0];
  if (largest === undefined) throw new Error('createServer: the city data set is empty.');
  const exampleCity = { id: largest.id, name: largest.name };

  /** How a client asks for `version` (any label) under this scheme; null when the label cannot be asked for. */
  function askFor(request: VersionedRequest, version: string): VersionAsk | null {
    if (!isAskableLabel(version)) return null;
    const reverse: NeutralReverse = (name, reverseOptions) => request.reverse(name, reverseOptions);
    const location = setup.locate(version, reverse);
    if (location === null) return null;
    const alternatives = (setup.alternatives?.(version, reverse) ?? []).map((other) => ({
      ...other,
      curl: toCurl(other),
    }));
    return { version, ...location, curl: toCurl(location), alternatives };
  }

  function describeVersions(request: VersionedRequest): VersionRequest[] {
    return setup.versions.map((version) => {
      const ask = askFor(request, version);
      if (ask === null) throw new Error(`The ${scheme} scheme cannot ask for its own version ${version}.`);
      const openapi = request.reverse(openapiRouteName, { kwargs: { label: version } });
      return { ...ask, shape: shapeOf(setup, version) ?? 1, openapi };
    });
  }

  /** GET /api/openapi/<version>.json: the version's OpenAPI document (host-name versioning: on this port). */
  function openapiDocument(request: VersionedRequest, reply: FastifyReply) {
    const label = request.resolverMatch?.kwargs['label'];
    if (label === undefined || !setup.versions.includes(label)) throw new NotFound();
    const server =
      scheme === 'hostname' ? `http://${versionHostDomain}:${new URL(`http://${request.host}`).port}/` : null;
    const document = apiDocument({ ...documentSource, server }, label);
    return reply.header('cache-control', 'no-cache').send(document);
  }

  /** The API's history of version changes: the city handlers write the newest version, older ones derive from it. */
  const history = apiHistory(setup.versions);

  /** GET /api/changelog/: the API's changelog, from its history of version changes. */
  const changelog = renderChangelogPage({
    entries: history.changelog(),
    oldest: setup.versions[0],
    referenceOf: apiDocsHref,
    scheme,
  });
  function changelogPage(_request: VersionedRequest, reply: FastifyReply) {
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(changelog);
  }

  /**
   * The absolute URL of `city`'s detail in the request's version. The first version has no detail route (it comes
   * `since` the second), and its cities no `url`: the history takes the field away, so none is needed there.
   */
  const cityLink = (request: VersionedRequest) => (city: City) => {
    try {
      return request.reverse(cityRouteName, { kwargs: { id: String(city.id) } });
    } catch (error) {
      if (error instanceof NoReverseMatch) return '';
      throw error;
    }
  };

  /** The city of a detail request's `:id`; `Not found.` for an id the data set lacks. */
  function requestedCity(request: VersionedRequest): City {
    const id = request.resolverMatch?.kwargs['id'] ?? '';
    const city = /^[1-9][0-9]{0,9}$/.test(id) ? table.get(Number(id)) : undefined;
    if (city === undefined) throw new NotFound();
    return city;
  }

  const cityHandlers: CityHandlers = {
    list: listCities,
    // One view, written for the newest version: the history gives v2 clients v2's city.
    detailV2: cityDetail,
    detailV3: cityDetail,
  };

  function cityDetail(request: VersionedRequest) {
    return toCityV3(requestedCity(request), cityLink(request));
  }

  /** A page of cities in the newest version's shape; the history gives v1 clients DRF's envelope of flat cities. */
  function listCities(request: VersionedRequest) {
    if (shapeOf(setup, request.version) === null) {
      throw new NotFound(`Unknown version ${JSON.stringify(request.version)}.`);
    }
    const params = parseListParams(queryOf(request));
    const page = paginate(table.list(params), params.page, params.pageSize);
    const link = (n: number) =>
      request.reverse(citiesRouteName, {
        // Page 1 has no `page` parameter, as DRF's `previous` link of page 2.
        query: n === 1 ? params.carried : { page: String(n), ...params.carried },
      });
    return toV2(page, link, cityLink(request));
  }

  function meta(request: VersionedRequest): ApiMeta {
    return {
      scheme,
      schemeClass: versioning.constructor.name,
      versionIn: setup.versionIn,
      version: null,
      versionParam: setup.versionParam,
      defaultVersion: versioning.defaultVersion,
      versions: describeVersions(request),
      parameters: {
        page: 'page number from 1, or "last"; past the end: 404',
        page_size: `rows per page, from 1 to ${maxPageSize}, default ${defaultPageSize}; outside: 400`,
        ordering: orderings.join(' | '),
        search: `case- and accent-insensitive part of the name, at most ${maxSearchLength} characters`,
      },
    };
  }

  function page(request: VersionedRequest, reply: FastifyReply) {
    if (client === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web page is not built: run `npm run build -w @restdash/demo` (the API under /api works).');
    }
    const query = queryOf(request);
    let params: ListParams;
    try {
      params = parseListParams(query);
    } catch (error) {
      if (!isAPIException(error)) throw error;
      // The page still renders; the client shows the API's own error for these parameters.
      params = parseListParams(new URLSearchParams());
    }
    const totalPages = Math.max(1, Math.ceil(table.list(params).length / params.pageSize));
    const layout = new Pagination({
      id: 'cities-pagination',
      active_page: requestedPage(query, totalPages),
      max_value: totalPages,
      fully_expanded: false,
      first_last: true,
      previous_next: true,
      // One row, never wrapped (a wrapped group breaks its borders): narrow screens get fewer items instead.
      class_name: 'mb-0',
    }).toJSON();
    const versions = describeVersions(request);
    const version = requestedVersion(query, { versions });
    const served = versions.some((candidate) => candidate.version === version);
    const state: PageState = {
      scheme,
      schemeClass: versioning.constructor.name,
      versionIn: setup.versionIn,
      versions,
      apiTemplate: setup.template((name, reverseOptions) => request.reverse(name, reverseOptions)),
      unserved: served ? null : { version, request: askFor(request, version) },
      layout,
      exampleCity,
    };
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderPage(client, state));
  }

  /** A version-neutral GET route of the site, not of the API: left out of the reference page's documents. */
  const siteRoute = { versioning: null, methods: ['GET'], openapi: false } as const;

  // The API: what the OpenAPI documents describe.
  const api = apiRoutes(setup, cityHandlers, meta);
  const urlconf = new UrlConf([
    path('/', page, { name: 'home', ...siteRoute }),
    path(changelogPath, changelogPage, { name: 'api-changelog', ...siteRoute }),
    path(usagePath, usageOf, { name: 'api-usage', ...siteRoute }),
    path('/api/openapi/:label.json', openapiDocument, { name: openapiRouteName, ...siteRoute }),
    ...api,
  ]);
  const documentSource: Omit<DocumentSource, 'server'> = {
    urlconf: new UrlConf(api),
    scheme: versioning,
    policies,
    isCityList: (operationId) => /(^|_)cities_list$/.test(operationId),
    shapeOf: (version) => shapeOf(setup, version) ?? 1,
    changes: history,
    versionIn: setup.versionIn,
    schemeName: scheme,
  };

  const onNest = options.framework === 'nest';
  // Nest registers a route without its trailing slash (/api/v2/cities): Fastify serves the API's URLs with it so.
  const app = Fastify({
    logger: options.logger ?? false,
    ...(onNest && { routerOptions: { ignoreTrailingSlash: true } }),
  });
  // The hostname scheme serves each version from its own origin (v2.demo.localhost), so the page's
  // requests to the API are cross-origin; the API is public and read-only, so the page may read every
  // response header (Content-Language, and whatever the API adds).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', '*');
    }
  });
  app.setErrorHandler(async (error, request, reply) => {
    if (isAPIException(error)) return sendProblem(reply, error, request.headers['accept-language']);
    reply.log.error(error);
    return reply.code(500).type('application/problem+json').send({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'The demo server failed; see its log.',
      code: 'error',
    });
  });
  if (scheme === 'hostname') {
    // The reference page's documents name the version hosts after the host the page is read on (v2.demo.localhost
    // from demo.localhost). On 127.0.0.1, which carries no version, they name 127.0.0.1 itself, where "Try it out"
    // would get the default version whatever the document: so the page is read on the version hosts' parent domain.
    app.addHook('onRequest', async (request, reply) => {
      const { hostname, port: at } = new URL(`http://${request.host}`);
      if (!request.url.startsWith(apiDocsPath) || hostname.endsWith(versionHostDomain)) return;
      return reply.redirect(`http://${versionHostDomain}${at === '' ? '' : `:${at}`}${request.url}`, 307);
    });
  }
  serveDocsSite(app, options.docsSiteDir ?? defaultDocsSiteDir);
  app.get('/assets/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const asset = client?.assets.get(file);
    if (asset === undefined) throw new NotFound(`No asset ${JSON.stringify(file)}.`);
    return reply
      .type(asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(asset.body);
  });
  const mountOptions: AdapterOptions = {
    scheme: versioning,
    allowedHosts,
    policies,
    reportVersions: true,
    changes: history,
    // A path under no route (under namespace versioning also /api/v9/cities/: no namespace serves v9) is the
    // library's translated 404 `Not found.`; a route's path with another method its translated 405 with `Allow`.
    problems: true,
    // The reference page at /api/docs/ (Swagger UI, a version switcher, "Try it out" in the scheme's way) and its
    // documents; every versioned answer links its version's document (`Link: rel="service-desc"`).
    describe: {
      // Under namespace versioning, one per namespace: /api/v2/openapi.json is in namespace v2.
      path:
        scheme === 'url-path' || scheme === 'namespace' ? '/api/:version/openapi.json' : '/api/openapi.json',
      info: { title: documentTitle },
      ui: apiDocsPath,
    },
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  };
  // On Nest, after the site's routes and the dated API, as a Nest application adds its own on the Fastify instance.
  if (!onNest) await app.register(versioned(urlconf, mountOptions));

  // Date versions, beside the city API: a date is served by the version released on or before it.
  await app.register(datedApi(allowedHosts), { prefix: datedPrefix });
  // Nest is loaded only to run on it.
  const nest = onNest ? await (await import('./nest.js')).serveOnNest(app, urlconf, mountOptions) : null;

  // A wildcard address is not a URL anyone can open (nor an allowed host): show loopback instead.
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  let url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}/`;
  let hints: readonly string[] = [];
  return {
    app,
    scheme,
    get url() {
      return url;
    },
    get hints() {
      return hints;
    },
    async listen() {
      await app.listen({ port, host });
      const address = app.server.address();
      if (typeof address === 'object' && address !== null) url = url.replace(/:\d+\/$/, `:${address.port}/`);
      // The same description GET /api/meta gives, so the printed commands are the ones the API documents.
      const response = await app.inject({ url: '/api/meta', headers: { host: new URL(url).host } });
      hints = response.json<ApiMeta>().versions.map((version) => {
        const others = version.alternatives.map((other) => ` (or: ${other.curl})`).join('');
        return `version ${version.version}: ${version.curl}${others}`;
      });
      return url;
    },
    async close() {
      usage.stop();
      await (nest ?? app).close();
    },
  };
}
