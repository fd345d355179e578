import {
  type BodyError,
  InvalidBody,
  ParseError,
  PayloadTooLarge,
  type ProblemDetails,
  UnsupportedMediaType,
} from '../errors.js';
import { gettextLazy } from '../i18n/index.js';
import { problemOf } from './placement.js';
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
    errors: {
      type: 'array',
      description:
        'What is wrong where in a request body (on `invalid_body`): a JSON Pointer (RFC 6901) into the body as sent, and what is wrong there.',
      items: {
        type: 'object',
        properties: {
          pointer: { type: 'string', description: 'Where: `""` the whole body, `/name` its member `name`.' },
          detail: { type: 'string', description: 'What is wrong there.' },
        },
        required: ['pointer', 'detail'],
      },
    },
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

/**
 * The problems of an operation that reads a JSON request body, by status: 400 (`invalid_body` with its `errors`,
 * `parse_error`), 413 and 415, each body exactly as an adapter sends it (in English); `invalid` is the error the
 * `invalid_body` example lists, about a field of the document's version.
 */
export function bodyProblemResponses(invalid: BodyError): Record<string, ResponseObject> {
  return {
    400: problemResponse(
      'Bad Request: the body is not valid JSON, or not what the schema of this version asks for.',
      {
        invalid_body: problemOf(new InvalidBody([invalid])),
        parse_error: problemOf(
          new ParseError(
            gettextLazy('JSON parse error - %(detail)s', { detail: 'Unexpected end of JSON input' }),
          ),
        ),
      },
    ),
    413: problemResponse('Content Too Large: the body is longer than the server reads.', {
      payload_too_large: problemOf(new PayloadTooLarge(1048576)),
    }),
    415: problemResponse('Unsupported Media Type: the body is not JSON.', {
      unsupported_media_type: problemOf(new UnsupportedMediaType('text/plain')),
    }),
  };
}

/** `a` and `b` together; where both have a status, one response with both's examples, its descriptions joined. */
export function mergeProblems(
  a: Readonly<Record<string, ResponseObject>>,
  b: Readonly<Record<string, ResponseObject>>,
): Record<string, ResponseObject> {
  const merged: Record<string, ResponseObject> = { ...a };
  for (const [code, response] of Object.entries(b)) {
    const first = merged[code];
    if (first === undefined) {
      merged[code] = response;
      continue;
    }
    const examples = {
      ...first.content?.[problemMediaType]?.examples,
      ...response.content?.[problemMediaType]?.examples,
    };
    merged[code] = {
      description: `${first.description} Or: ${response.description}`,
      content: { [problemMediaType]: { schema: { $ref: problemSchemaRef }, examples } },
    };
  }
  return merged;
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
