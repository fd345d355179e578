// One case per oasdiff rule classified (https://www.oasdiff.com/docs/breaking-changes): a change to a small contract
// and the differences it must give, each with its classification. `setup` changes the file and the contract alike.
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-return -- fixtures are JSON documents edited in place by path */
import type { Contract } from '../../src/frozen/index.js';

/** A small contract: a user read and replaced, a health check with an inline schema. */
export function baseContract(): Record<string, any> {
  const user = { $ref: '#/components/schemas/User' };
  const pk = { name: 'pk', in: 'path', required: true, schema: { type: 'string' } };
  const expand = {
    name: 'expand',
    in: 'query',
    required: false,
    schema: { type: 'string', enum: ['team', 'posts'] },
  };
  return {
    openapi: '3.1.1',
    info: { title: 'API', version: 'v1' },
    paths: {
      '/users/{pk}': {
        get: {
          operationId: 'user_get',
          parameters: [pk, expand],
          responses: {
            '200': { description: 'OK', content: { 'application/json': { schema: user } } },
            '404': { description: 'Not Found' },
          },
        },
        put: {
          parameters: [pk],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/UserInput' } } },
          },
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: user } } } },
        },
      },
      '/health': {
        get: {
          responses: {
            '200': {
              description: 'OK',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { status: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        User: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            role: { type: 'string', enum: ['admin', 'member'] },
            age: { type: 'integer' },
          },
          required: ['id', 'name', 'role'],
        },
        UserInput: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 100 },
            role: { type: 'string', enum: ['admin', 'member'] },
            nickname: { type: 'string' },
          },
          required: ['name'],
        },
      },
    },
  };
}

type Doc = Record<string, any>;

export interface BreakingCase {
  /** The oasdiff check id (or what it is, for a change oasdiff does not flag). */
  readonly rule: string;
  readonly setup?: (contract: Doc) => void;
  readonly change: (contract: Doc) => void;
  readonly expected: readonly { pointer: string; kind: 'added' | 'removed' | 'changed'; breaking: boolean }[];
}

const users = '/paths/~1users~1{pk}';
const get = (d: Doc): Doc => d['paths']['/users/{pk}'].get;
const put = (d: Doc): Doc => d['paths']['/users/{pk}'].put;
const user = (d: Doc): Doc => d['components'].schemas.User;
const input = (d: Doc): Doc => d['components'].schemas.UserInput;
const User = '/components/schemas/User';
const UserInput = '/components/schemas/UserInput';

export const breakingCases: readonly BreakingCase[] = [
  {
    rule: 'api-path-removed-without-deprecation',
    change: (d) => delete d['paths']['/health'],
    expected: [{ pointer: '/paths/~1health', kind: 'removed', breaking: true }],
  },
  {
    rule: 'endpoint-added (not breaking)',
    change: (d) => (d['paths']['/teams'] = { get: { responses: { '200': { description: 'OK' } } } }),
    expected: [{ pointer: '/paths/~1teams', kind: 'added', breaking: false }],
  },
  {
    rule: 'api-removed-without-deprecation',
    change: (d) => delete d['paths']['/users/{pk}'].put,
    expected: [{ pointer: `${users}/put`, kind: 'removed', breaking: true }],
  },
  {
    rule: 'response-non-success-status-removed',
    change: (d) => delete get(d)['responses']['404'],
    expected: [{ pointer: `${users}/get/responses/404`, kind: 'removed', breaking: true }],
  },
  {
    rule: 'response-success-status-added (not breaking)',
    change: (d) => (put(d)['responses']['204'] = { description: 'No Content' }),
    expected: [{ pointer: `${users}/put/responses/204`, kind: 'added', breaking: false }],
  },
  {
    rule: 'response-media-type-removed',
    change: (d) => delete get(d)['responses']['200'].content['application/json'],
    expected: [
      { pointer: `${users}/get/responses/200/content/application~1json`, kind: 'removed', breaking: true },
    ],
  },
  {
    rule: 'request-body-media-type-removed',
    change: (d) => delete put(d)['requestBody'].content['application/json'],
    expected: [
      { pointer: `${users}/put/requestBody/content/application~1json`, kind: 'removed', breaking: true },
    ],
  },
  {
    rule: 'response-optional-property-removed',
    change: (d) => delete user(d)['properties'].age,
    expected: [{ pointer: `${User}/properties/age`, kind: 'removed', breaking: true }],
  },
  {
    rule: 'response-required-property-removed (inline response schema)',
    setup: (d) =>
      (d['paths']['/health'].get.responses['200'].content['application/json'].schema.required = []),
    change: (d) =>
      delete d['paths']['/health'].get.responses['200'].content['application/json'].schema.properties.status,
    expected: [
      {
        pointer: '/paths/~1health/get/responses/200/content/application~1json/schema/properties/status',
        kind: 'removed',
        breaking: true,
      },
    ],
  },
  {
    rule: 'response-optional-property-added (not breaking)',
    change: (d) => (user(d)['properties'].email = { type: 'string' }),
    expected: [{ pointer: `${User}/properties/email`, kind: 'added', breaking: false }],
  },
  {
    rule: 'new-required-request-property',
    change: (d) => {
      input(d)['properties'].email = { type: 'string' };
      input(d)['required'].push('email');
    },
    expected: [
      { pointer: `${UserInput}/properties/email`, kind: 'added', breaking: true },
      { pointer: `${UserInput}/required`, kind: 'changed', breaking: true },
    ],
  },
  {
    rule: 'new-required-request-property-with-default (not breaking)',
    change: (d) => {
      input(d)['properties'].email = { type: 'string', default: '' };
      input(d)['required'].push('email');
    },
    expected: [
      { pointer: `${UserInput}/properties/email`, kind: 'added', breaking: false },
      { pointer: `${UserInput}/required`, kind: 'changed', breaking: false },
    ],
  },
  {
    rule: 'new-optional-request-property (not breaking)',
    change: (d) => (input(d)['properties'].email = { type: 'string' }),
    expected: [{ pointer: `${UserInput}/properties/email`, kind: 'added', breaking: false }],
  },
  {
    rule: 'request-property-removed',
    change: (d) => delete input(d)['properties'].nickname,
    expected: [{ pointer: `${UserInput}/properties/nickname`, kind: 'removed', breaking: true }],
  },
  {
    rule: 'request-property-became-required',
    change: (d) => input(d)['required'].push('nickname'),
    expected: [{ pointer: `${UserInput}/required`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'request-property-became-optional (not breaking)',
    change: (d) => (input(d)['required'] = []),
    expected: [{ pointer: `${UserInput}/required`, kind: 'changed', breaking: false }],
  },
  {
    rule: 'response-property-became-optional',
    change: (d) => (user(d)['required'] = ['id', 'name']),
    expected: [{ pointer: `${User}/required`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'request-property-enum-value-removed',
    change: (d) => (input(d)['properties'].role.enum = ['admin']),
    expected: [{ pointer: `${UserInput}/properties/role/enum`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'request-property-enum-value-added (not breaking)',
    change: (d) => input(d)['properties'].role.enum.push('guest'),
    expected: [{ pointer: `${UserInput}/properties/role/enum`, kind: 'changed', breaking: false }],
  },
  {
    rule: 'request-property-became-enum',
    change: (d) => (input(d)['properties'].nickname.enum = ['a', 'b']),
    expected: [{ pointer: `${UserInput}/properties/nickname/enum`, kind: 'added', breaking: true }],
  },
  {
    rule: 'response-property-enum-value-added',
    change: (d) => user(d)['properties'].role.enum.push('guest'),
    expected: [{ pointer: `${User}/properties/role/enum`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'response-property-enum-value-removed (not breaking)',
    change: (d) => (user(d)['properties'].role.enum = ['admin']),
    expected: [{ pointer: `${User}/properties/role/enum`, kind: 'changed', breaking: false }],
  },
  {
    rule: 'enum members reordered (no difference)',
    change: (d) => (user(d)['properties'].role.enum = ['member', 'admin']),
    expected: [],
  },
  {
    rule: 'request-property-type-changed',
    change: (d) => (input(d)['properties'].name.type = 'integer'),
    expected: [{ pointer: `${UserInput}/properties/name/type`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'request-property-type-generalized (not breaking)',
    change: (d) => (input(d)['properties'].name.type = ['string', 'null']),
    expected: [{ pointer: `${UserInput}/properties/name/type`, kind: 'changed', breaking: false }],
  },
  {
    rule: 'response-property-type-changed',
    change: (d) => (user(d)['properties'].id.type = 'string'),
    expected: [{ pointer: `${User}/properties/id/type`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'response-property-became-nullable',
    change: (d) => (user(d)['properties'].name.type = ['string', 'null']),
    expected: [{ pointer: `${User}/properties/name/type`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'request-property-max-length-decreased',
    change: (d) => (input(d)['properties'].name.maxLength = 50),
    expected: [{ pointer: `${UserInput}/properties/name/maxLength`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'request-property-max-length-increased (not breaking)',
    change: (d) => (input(d)['properties'].name.maxLength = 200),
    expected: [{ pointer: `${UserInput}/properties/name/maxLength`, kind: 'changed', breaking: false }],
  },
  {
    rule: 'request-property-pattern-added',
    change: (d) => (input(d)['properties'].name.pattern = '^[a-z]+$'),
    expected: [{ pointer: `${UserInput}/properties/name/pattern`, kind: 'added', breaking: true }],
  },
  {
    rule: 'new-required-request-parameter',
    change: (d) =>
      get(d)['parameters'].push({ name: 'fields', in: 'query', required: true, schema: { type: 'string' } }),
    expected: [{ pointer: `${users}/get/parameters/2`, kind: 'added', breaking: true }],
  },
  {
    rule: 'new-optional-request-parameter, in front (not breaking; the others matched by name)',
    change: (d) => get(d)['parameters'].unshift({ name: 'fields', in: 'query', schema: { type: 'string' } }),
    expected: [{ pointer: `${users}/get/parameters/0`, kind: 'added', breaking: false }],
  },
  {
    rule: 'request-parameter-removed',
    change: (d) => get(d)['parameters'].pop(),
    expected: [{ pointer: `${users}/get/parameters/1`, kind: 'removed', breaking: true }],
  },
  {
    rule: 'request-parameter-became-required',
    change: (d) => (get(d)['parameters'][1].required = true),
    expected: [{ pointer: `${users}/get/parameters/1/required`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'request-parameter location changed (query → header)',
    change: (d) => (get(d)['parameters'][1].in = 'header'),
    expected: [{ pointer: `${users}/get/parameters/1/in`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'request-parameter-enum-value-removed',
    change: (d) => (get(d)['parameters'][1].schema.enum = ['team']),
    expected: [{ pointer: `${users}/get/parameters/1/schema/enum`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'request-body-became-required',
    setup: (d) => (put(d)['requestBody'].required = false),
    change: (d) => (put(d)['requestBody'].required = true),
    expected: [{ pointer: `${users}/put/requestBody/required`, kind: 'changed', breaking: true }],
  },
  {
    rule: 'added-required-request-body',
    setup: (d) => delete put(d)['requestBody'],
    change: (d) =>
      (put(d)['requestBody'] = {
        required: true,
        content: { 'application/json': { schema: { type: 'object' } } },
      }),
    expected: [{ pointer: `${users}/put/requestBody`, kind: 'added', breaking: true }],
  },
  {
    rule: 'added-optional-request-body (not breaking)',
    setup: (d) => delete put(d)['requestBody'],
    change: (d) =>
      (put(d)['requestBody'] = { content: { 'application/json': { schema: { type: 'object' } } } }),
    expected: [{ pointer: `${users}/put/requestBody`, kind: 'added', breaking: false }],
  },
  {
    rule: 'description changed (not breaking)',
    change: (d) => (user(d)['properties'].name.description = 'What the user is called.'),
    expected: [{ pointer: `${User}/properties/name/description`, kind: 'added', breaking: false }],
  },
  {
    rule: 'a component read on both sides: a property removed breaks its responses',
    setup: (d) =>
      (put(d)['requestBody'].content['application/json'].schema = { $ref: '#/components/schemas/User' }),
    change: (d) => delete user(d)['properties'].age,
    expected: [{ pointer: `${User}/properties/age`, kind: 'removed', breaking: true }],
  },
];

/** The file and the contract of a case. */
export function contractsOf(item: BreakingCase): { before: Contract; after: Contract } {
  const before = baseContract();
  item.setup?.(before);
  const after = structuredClone(before);
  item.change(after);
  return { before: before as Contract, after: after as Contract };
}
