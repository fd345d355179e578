import { type BodyError, DisallowedHost, VersionSunset } from '../errors.js';
import { VersionBrownout } from '../lifecycle/brownout.js';
import { type CompiledPolicy, enforcedSunset, formatSunset } from '../lifecycle/policies.js';
import { versionedContent } from './content.js';
import type {
  HeaderObject,
  MediaTypeObject,
  OpenAPIOperation,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
  ServerObject,
} from './openapi.types.js';
import { problemOf, type SchemeDocument } from './placement.js';
import { bodyProblemResponses, mergeProblems, problemResponse } from './problems.js';
import type { DocumentSchemas, SchemaVersion } from './schemas.js';

/** Everything the operations of one document share. */
export interface Context {
  readonly version: string;
  /** The version's policy, compiled as the adapters compile it; `null` without one. */
  readonly policy: CompiledPolicy | null;
  /** The server answers a version past its sunset with 410. */
  readonly enforceSunset: boolean;
  readonly servers: readonly ServerObject[] | null;
  /** The document's top-level `servers`, when it has them. */
  readonly documentServers: readonly ServerObject[] | null;
  readonly headerRefs: Readonly<Record<string, ReferenceObject>>;
  /** The named schemas of the document, collected as the operations are made. */
  readonly schemas: DocumentSchemas;
  /**
   * The version of the history a route's body schemas are documented in (`at`): the document's for a versioned
   * route, the newest for a version-neutral one (served as the newest); as written without a history. `documented`
   * is the document's own version where that differs from `at`, else `null`.
   */
  schemaVersion(versioned: boolean): {
    readonly at: SchemaVersion;
    readonly documented: SchemaVersion | null;
  };
}

/** What the route's `request` and `response` schemas add to an operation's responses. */
export interface BodyResponses {
  /** The schema of its success response's JSON body, or `null`. */
  readonly success: SchemaObject | null;
  /**
   * When it reads a request body, and so answers 400, 413 and 415 about it: the error its `invalid_body` example
   * lists (about a field of the document's version); else `null`.
   */
  readonly bodyProblems: BodyError | null;
}

function isJsonType(mediaType: string): boolean {
  const essence = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  return essence === 'application/json' || essence.endsWith('+json');
}

/** `response` with `schema` on its JSON media types that have none (`application/json` when it has no content). */
function withSchema(response: ResponseObject, schema: SchemaObject): ResponseObject {
  const given = response.content ?? {};
  const content: Record<string, MediaTypeObject> = {};
  let json = false;
  for (const [type, media] of Object.entries(given)) {
    json ||= isJsonType(type);
    content[type] = isJsonType(type) && media.schema === undefined ? { schema, ...media } : media;
  }
  if (!json) content['application/json'] = { schema };
  return { ...response, content };
}

/** Response keys in status order, `default` last. */
function byStatus([a]: readonly [string, unknown], [b]: readonly [string, unknown]): number {
  if (a === b) return 0;
  if (a === 'default') return 1;
  if (b === 'default') return -1;
  return a < b ? -1 : 1;
}

/** The version problems a route's operations document, by status: those its server can answer, no other. */
function problemResponses(scheme: SchemeDocument, context: Context): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  const { invalidVersion: refused, notAcceptable } = scheme;
  if (refused?.status === 404) {
    responses['404'] = problemResponse(
      'Not Found: the request asks for a version this route does not allow.',
      {
        invalid_version: refused,
      },
    );
  }
  const refusedAccept = refused?.status === 406 ? refused : null;
  if (refusedAccept !== null || notAcceptable !== null) {
    const asks = [
      ...(refusedAccept === null ? [] : ['a version this route does not allow']),
      ...(notAcceptable === null ? [] : ['a media type it cannot render']),
    ];
    responses['406'] = problemResponse(`Not Acceptable: the request asks for ${asks.join(', or for ')}.`, {
      ...(refusedAccept !== null && { invalid_version: refusedAccept }),
      ...(notAcceptable !== null && { not_acceptable: notAcceptable }),
    });
  }
  const badVersion = Object.keys(scheme.badVersion);
  if (scheme.placement.kind === 'host' || badVersion.length > 0) {
    const why = [
      ...(scheme.placement.kind === 'host' ? ['the host is not one the server accepts'] : []),
      ...(badVersion.includes('version_required') ? ['the request carries no version'] : []),
      ...(badVersion.includes('invalid_version') ? ['its version is not of the form the API uses'] : []),
    ];
    responses['400'] = problemResponse(`Bad Request: ${why.join(', or ')}.`, {
      ...(scheme.placement.kind === 'host' && {
        disallowed_host: problemOf(new DisallowedHost('unknown.example.com')),
      }),
      ...scheme.badVersion,
    });
  }
  // The 410 rules are the adapters' own, and they refuse only a request that has a version.
  const sunset = enforcedSunset(context.policy, context.enforceSunset);
  const gone = scheme.scheme === null ? null : goneResponse(context, sunset);
  if (gone !== null) responses['410'] = gone;
  return responses;
}

/** The 410 of a version past its enforced `sunset` or in a brownout window of its policy; `null` for neither. */
function goneResponse(context: Context, sunset: number | null): ResponseObject | null {
  const { version, policy } = context;
  const first = policy?.brownouts[0];
  if (sunset === null && first === undefined) return null;
  const why = [
    ...(sunset === null ? [] : [`past its sunset (${formatSunset(sunset)}), when the server enforces it`]),
    ...(first === undefined
      ? []
      : [
          'inside one of its scheduled brownout windows; `Retry-After` gives the seconds until the window ends',
        ]),
  ];
  const response = problemResponse(`Gone: version ${version} is ${why.join(', or ')}.`, {
    ...(sunset !== null && { version_sunset: problemOf(new VersionSunset(version)) }),
    ...(first !== undefined && {
      version_brownout: problemOf(new VersionBrownout(version, new Date(first.end))),
    }),
  });
  if (first === undefined) return response;
  const retryAfter: HeaderObject = {
    description: 'Seconds until the brownout window ends and the version answers again (RFC 9110).',
    schema: { type: 'integer', minimum: 1 },
  };
  const { description, ...rest } = response;
  return { description, headers: { 'Retry-After': retryAfter }, ...rest };
}

/** The responses of an operation: the route's own merged over the generated success and version problems. */
export function responsesOf(
  own: OpenAPIOperation,
  scheme: SchemeDocument,
  context: Context,
  bodies: BodyResponses,
): Record<string, ResponseObject> {
  const given = own.responses ?? {};
  const documentsSuccess = Object.keys(given).some((code) => code === 'default' || /^[123]/.test(code));
  const problems = mergeProblems(
    bodies.bodyProblems === null ? {} : bodyProblemResponses(bodies.bodyProblems),
    problemResponses(scheme, context),
  );
  const merged: Record<string, ResponseObject> = {
    ...(documentsSuccess ? {} : { 200: { description: 'OK', content: { 'application/json': {} } } }),
    ...problems,
    ...given,
  };
  if (bodies.success !== null) {
    // The success response the schema describes: the route's first 2xx, else the generated 200.
    const code = Object.keys(given).find((status) => /^2/.test(status)) ?? '200';
    const success = merged[code];
    if (success !== undefined) merged[code] = withSchema(success, bodies.success);
  }
  const lifecycle = scheme.placement.kind !== 'neutral' && context.policy !== null;
  return Object.fromEntries(
    Object.entries(merged)
      .sort(byStatus)
      .map(([code, response]): [string, ResponseObject] => {
        const isProblem = problems[code] === response;
        let result = response;
        if (!isProblem && response.content !== undefined) {
          result = {
            ...result,
            content: versionedContent(response.content, scheme.placement, context.version, 'response'),
          };
        }
        if (!isProblem && lifecycle && Object.keys(context.headerRefs).length > 0) {
          const headers: Record<string, HeaderObject | ReferenceObject> = {
            ...context.headerRefs,
            ...response.headers,
          };
          // Keep the response's members in OpenAPI's order: description, headers, content.
          const { description, content, ...rest } = result;
          result = { description, headers, ...(content === undefined ? {} : { content }), ...rest };
        }
        return [code, result];
      }),
  );
}
