import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { answerCases } from './answers.cases.js';
import type { AdapterHarness } from './contract.js';
import { harness as express } from './express.harness.js';
import { harness as fastify } from './fastify.harness.js';
import { harness as hono } from './hono.harness.js';
import { harness as node } from './node.harness.js';
import { rawReply, type Served, varyFields } from './support.js';

function urlconfOf(h: AdapterHarness): UrlConf {
  const { path, echo } = h;
  const versions = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] });
  return new UrlConf([
    path('/:version/users/', echo, { name: 'users-list', methods: ['GET'], versioning: versions }),
    path('/:version/users/:pk/', echo, { name: 'users-detail', versioning: versions }),
    path('/:version/reports/', echo, { name: 'reports-old', versioning: versions, until: 'v2' }),
    path('/:version/reports/', echo, { name: 'reports-new', versioning: versions, since: 'v2' }),
    path('/accept/items/', echo, {
      versioning: new AcceptHeaderVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] }),
    }),
    path('/query/items/', echo, {
      versioning: new QueryParameterVersioning({ defaultVersion: '1.0', allowedVersions: ['1.0', '2.0'] }),
    }),
    path('/host/items/', echo, {
      versioning: new HostNameVersioning({ defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }),
    }),
    path('/health/', echo, { versioning: null }),
  ]);
}

describe.each([express, fastify, hono, node])('$framework: one table of answers', (h) => {
  let served: Served;
  beforeAll(async () => {
    served = await h.serve(
      urlconfOf(h),
      {
        scheme: null,
        allowedHosts: ['127.0.0.1', '.example.com'],
        problems: true,
        reportVersions: true,
        policies: { v1: { deprecation: '2100-01-01' } },
      },
      [],
    );
  });
  afterAll(() => served.close());

  test.each(answerCases)('$title', async (row) => {
    const headers = { host: '127.0.0.1', ...row.headers };
    const reply = await rawReply(served.origin, row.path, headers, row.method ?? 'GET');
    expect(reply.status).toBe(row.status);
    const body = JSON.parse(reply.body) as { version?: string | null; code?: string };
    expect('version' in row.answer ? { version: body.version } : { code: body.code }).toEqual(row.answer);
    expect(varyFields(reply)).toEqual(row.vary);
    for (const [name, value] of Object.entries(row.headersOut ?? {})) expect(reply.header(name)).toBe(value);
  });
});
