import type { ProblemDetails } from '../errors.js';
import { type CompiledPolicy, formatDeprecation, formatLink, formatSunset } from '../lifecycle/policies.js';
import type { HeaderObject, ResponseObject, SchemaObject } from './openapi.types.js';

/** The media type of every error an adapter answers. */
export const problemMediaType = 'application/problem+json';

/** Where documents keep the problem schema. */
export const problemSchemaRef = '#/components/schemas/Problem';

/** RFC 9457 problem details as restdash sends them: the five members always, `supportedVersions` with an allow list. */
export const problemSchema: SchemaObject = {
  type: 'object',
  description: 'Problem details (RFC 9457), as every restdash error is answered.',
  properties: {
    type: {
      type: 'string',
      format: 'uri-reference',
      description: 'Identifies the problem type; `about:blank` when the status says it all.',
      default: 'about:blank',
    },
    title: { type: 'string', description: 'Short summary of the problem type: the status text.' },
    status: { type: 'integer', minimum: 100, maximum: 599, description: 'The HTTP status code.' },
    detail: {
      type: 'string',
      description: 'What went wrong with this request, in the language `Accept-Language` asks for.',
    },
    instance: { type: 'string', format: 'uri-reference', description: 'This occurrence of the problem.' },
    code: { type: 'string', description: 'Machine-readable error code: `not_found`, `not_acceptable`, …' },
    supportedVersions: {
      type: 'array',
      items: { type: 'string' },
      description:
        'The versions the route supports, oldest first (on version problems, when the scheme has an allow list).',
    },
  },
  required: ['type', 'title', 'status', 'detail', 'code'],
};

/**
 * The lifecycle headers of a version's responses, by name, as `components.headers` documents them: each example is
 * the value the adapters send for the policy (`Link` as for a policy without a sunset).
 */
export function lifecycleHeaders(policy: CompiledPolicy): Record<string, HeaderObject> {
  const headers: Record<string, HeaderObject> = {};
  if (policy.deprecation !== null) {
    headers['Deprecation'] = {
      description: 'This version is deprecated (RFC 9745): `@` followed by the Unix time of its deprecation.',
      schema: { type: 'string' },
      example: formatDeprecation(policy.deprecation),
    };
  }
  if (policy.sunset !== null) {
    headers['Sunset'] = {
      description: 'When this version stops being available (RFC 8594).',
      schema: { type: 'string' },
      example: formatSunset(policy.sunset),
    };
  }
  if (policy.link !== null) {
    headers['Link'] = {
      description: 'Where the deprecation of this version is explained (RFC 8288, `rel="deprecation"`).',
      schema: { type: 'string' },
      example: formatLink(policy.link, false),
    };
  }
  return headers;
}

/** A response documenting one or more problems of the same status, each as a named example. */
export function problemResponse(
  description: string,
  examples: Readonly<Record<string, ProblemDetails>>,
): ResponseObject {
  return {
    description,
    content: {
      [problemMediaType]: {
        schema: { $ref: problemSchemaRef },
        examples: Object.fromEntries(
          Object.entries(examples).map(([name, value]) => [
            name,
            { summary: value.detail, value: { ...value } },
          ]),
        ),
      },
    },
  };
}
