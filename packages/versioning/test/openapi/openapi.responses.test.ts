// Every document openapi() writes, for every kind of scheme (a composite and version-neutral routes too), with and
// without an allow list, a default version, lifecycle policies and enforceSunset: valid OpenAPI 3.1 (a real
// validator), and true of a real server mounting the same UrlConf with the same options. The request a client builds
// from an operation is served that version; a version parameter the document marks optional can be left out, one it
// marks required cannot; and every problem the document lists, the server really answers.
import { createServer, type ServerResponse } from 'node:http';
import { describe, expect, test } from 'vitest';
import { include, path, versioned } from '../../src/adapters/node/index.js';
import type { VersionPolicy } from '../../src/lifecycle/policies.js';
import { openapi, type OpenAPIDocument, type OperationObject } from '../../src/openapi/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { listen, rawReply, type Reply } from '../adapters/support.js';
import { expectValidDocument } from './support.js';

const versions = ['v1', 'v2'] as const;
/** A version no scheme allows, and no path of the tests holds. */
const otherVersion = 'zz9';
const server = 'https://api.example.com';
const allowedHosts = [
  '127.0.0.1',
  'api.example.com',
  ...[...versions, otherVersion].map((v) => `${v}.example.com`),
];

interface Variant {
  /** The scheme's (for a composite: the composite's) `allowedVersions`, or none: every version allowed. */
  readonly allowList: boolean;
  /** `defaultVersion: 'v1'`, or none. */
  readonly withDefault: boolean;
}

/** How each kind of scheme is made, the routes it versions, and whether its document needs servers. */
const kinds: Readonly<
  Record<
    string,
    { scheme: (variant: Variant) => BaseVersioning | null; namespaced?: boolean; host?: boolean }
  >
> = {
  'url-path': { scheme: (variant) => new URLPathVersioning(rulesOf(variant)) },
  namespace: { scheme: (variant) => new NamespaceVersioning(rulesOf(variant)), namespaced: true },
  query: { scheme: (variant) => new QueryParameterVersioning(rulesOf(variant)) },
  header: { scheme: (variant) => new HeaderVersioning(rulesOf(variant)) },
  accept: { scheme: (variant) => new AcceptHeaderVersioning(rulesOf(variant)) },
  'media-type': {
    scheme: (variant) =>
      new MediaTypeVersioning({ ...rulesOf(variant), template: 'application/vnd.acme.{version}+json' }),
  },
  host: { scheme: (variant) => new HostNameVersioning(rulesOf(variant)), host: true },
  // The members' own rules are not the composite's: a default and an allow list of their own change nothing.
  composite: {
    scheme: (variant) =>
      new CompositeVersioning(
        [
          new HeaderVersioning({ defaultVersion: 'v2', allowedVersions: versions }),
          new QueryParameterVersioning({ allowedVersions: versions }),
        ],
        rulesOf(variant),
      ),
  },
  neutral: { scheme: () => null },
};

function rulesOf({ allowList, withDefault }: Variant): {
  allowedVersions: readonly string[] | null;
  defaultVersion: string | null;
} {
  return { allowedVersions: allowList ? versions : null, defaultVersion: withDefault ? 'v1' : null };
}

const policyVariants: Readonly<Record<string, Readonly<Record<string, VersionPolicy>> | undefined>> = {
  none: undefined,
  deprecation: { v1: { deprecation: '2019-01-01', link: 'https://example.com/v1' } },
  sunset: { v1: { deprecation: '2019-01-01', sunset: '2020-01-01' } },
};
/** Before v1's sunset, and after it: the clock the server reads. */
const before = Date.parse('2019-06-01T00:00:00Z');
const after = Date.parse('2021-01-01T00:00:00Z');

const variants = [false, true].flatMap((allowList) =>
  [false, true].flatMap((withDefault) =>
    Object.keys(policyVariants).flatMap((policy) =>
      [false, true].map((enforceSunset) => ({ allowList, withDefault, policy, enforceSunset })),
    ),
  ),
);

function urlconfOf(namespaced: boolean, urlPath: boolean): UrlConf {
  const item = (request: { version: string | null }, response: ServerResponse) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ version: request.version }));
  };
  const items = path(urlPath ? '/:version/items/:pk' : '/items/:pk', item, { name: 'item' });
  const status = path('/status', item, { name: 'status', versioning: null });
  if (!namespaced) return new UrlConf([items, status]);
  return new UrlConf([
    ...versions.map((version) => include(`/${version}`, [items], { namespace: version })),
    status,
  ]);
}

/** What a client sends for `operation` of `document`: its path filled in, the version where the operation says. */
interface Call {
  readonly path: string;
  readonly headers: Record<string, string>;
}

function callOf(document: OpenAPIDocument, template: string, operation: OperationObject): Call {
  const base = new URL(operation.servers?.[0]?.url ?? document.servers?.[0]?.url ?? 'http://127.0.0.1');
  const url = new URL(base.pathname.replace(/\/$/, '') + template.replaceAll(/\{[^}]+\}/g, 'x'), base);
  const headers: Record<string, string> = { host: base.host };
  for (const parameter of operation.parameters ?? []) {
    const value = (parameter.schema as { const?: string } | undefined)?.const;
    if (value === undefined) continue;
    if (parameter.in === 'query') url.searchParams.set(parameter.name, value);
    if (parameter.in === 'header') headers[parameter.name.toLowerCase()] = value;
  }
  headers['accept'] = Object.keys(operation.responses['200']?.content ?? {})[0] ?? 'application/json';
  return { path: url.pathname + url.search, headers };
}

/** `call` with the document's version replaced by one no scheme allows, wherever the call carries it. */
function withOtherVersion(call: Call, version: string): Call {
  const swap = (text: string) => text.replaceAll(version, otherVersion);
  return {
    path: swap(call.path),
    headers: Object.fromEntries(Object.entries(call.headers).map(([name, value]) => [name, swap(value)])),
  };
}

/** How to provoke each problem a document lists, by its example's name. */
const provoke: Readonly<Record<string, (call: Call, version: string) => Call>> = {
  invalid_version: withOtherVersion,
  not_acceptable: (call) => ({ ...call, headers: { ...call.headers, accept: 'text/csv' } }),
  disallowed_host: (call) => ({ ...call, headers: { ...call.headers, host: 'unknown.example.com' } }),
  version_sunset: (call) => call,
};

describe.each(Object.entries(kinds))(
  'documents of %s routes',
  (kind, { scheme: schemeOf, namespaced, host }) => {
    test('validate, and say only what the server answers', { timeout: 60_000 }, async () => {
      for (const { allowList, withDefault, policy, enforceSunset } of variants) {
        const scheme = schemeOf({ allowList, withDefault });
        // A mount refuses policies when none of its routes has a version; the other kinds' `/status` is neutral.
        if (scheme === null && policy !== 'none') continue;
        const urlconf = urlconfOf(namespaced === true, kind === 'url-path');
        const policies = policyVariants[policy];
        let now = before;
        const listener = versioned(urlconf, {
          scheme,
          allowedHosts,
          enforceSunset,
          clock: () => now,
          ...(policies && { policies }),
        });
        const served = await listen(createServer(listener));
        const send = (call: Call): Promise<Reply> => rawReply(served.origin, call.path, call.headers);
        try {
          for (const version of versions) {
            const document = openapi(urlconf, {
              version,
              scheme,
              info: { title: 'Responses' },
              enforceSunset,
              ...(host === true && { servers: [{ url: server }] }),
              ...(policies && { policies }),
            });
            const where = `${kind} ${JSON.stringify({ allowList, withDefault, policy, enforceSunset, version })}`;
            await expectValidDocument(document);
            for (const [template, item] of Object.entries(document.paths)) {
              for (const operation of Object.values(item)) {
                const at = `${where} ${template}`;
                const neutral = scheme === null || template === '/status';
                const call = callOf(document, template, operation);
                now = before;
                const reply = await send(call);
                expect(reply.status, `${at}: ${reply.body}`).toBe(200);
                expect(JSON.parse(reply.body), at).toEqual({ version: neutral ? null : version });

                // Optional: left out, the request is still served a version. Required: it is not.
                for (const parameter of operation.parameters ?? []) {
                  if (parameter.in !== 'query' && parameter.in !== 'header') continue;
                  const header = parameter.in === 'header' ? parameter.name.toLowerCase() : null;
                  const left: Call = {
                    path: header === null ? call.path.replace(/\?.*$/, '') : call.path,
                    headers: Object.fromEntries(
                      Object.entries(call.headers).filter(([name]) => name !== header),
                    ),
                  };
                  const without = await send(left);
                  const served = without.status === 200 && JSON.parse(without.body).version !== null;
                  expect(
                    served,
                    `${at}: without ${parameter.name} (required: ${parameter.required}): ${without.body}`,
                  ).toBe(parameter.required !== true);
                }

                for (const [status, response] of Object.entries(operation.responses)) {
                  const examples = response.content?.['application/problem+json']?.examples ?? {};
                  for (const [name, example] of Object.entries(examples)) {
                    const make = provoke[name];
                    expect(make, `${at} ${status}: an example this test knows, ${name}`).toBeDefined();
                    if (make === undefined) continue;
                    now = name === 'version_sunset' ? after : before;
                    const answer = await send(make(call, version));
                    const { status: exampleStatus, code, detail } = example.value as Record<string, unknown>;
                    expect(
                      { status: answer.status, body: JSON.parse(answer.body) as unknown },
                      `${at}: the ${status} ${name} the document lists`,
                    ).toMatchObject({
                      status: Number(status),
                      body: { status: exampleStatus, code, detail },
                    });
                  }
                }
              }
            }
          }
        } finally {
          await served.close();
        }
      }
    });
  },
);
