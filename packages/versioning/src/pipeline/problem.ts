import { type APIException, MethodNotAllowed } from '../errors.js';
import { languageFromAcceptLanguage, LazyString, supportedLanguages, withLanguage } from '../i18n/index.js';
import type { HeaderField } from '../lifecycle/policies.js';

/** An error rendered as an RFC 9457 `application/problem+json` response. */
export interface Problem {
  readonly status: number;
  /** Every header but `Vary`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The fields to append to the response's `Vary` (never to replace it with). */
  readonly vary: readonly string[];
  readonly body: string;
}

/** The answer the pipeline gives instead of serving: a {@link Problem}, with the header fields to append. */
export interface ProblemOutcome extends Problem {
  readonly kind: 'problem';
  /** Set on the response (`Allow` for a 405 too). */
  readonly headers: Readonly<Record<string, string>>;
  /** The version lifecycle's header fields, appended after what the response has. */
  readonly fields: readonly HeaderField[];
  /** Publishes the request on `restdash:versioning:request` with its status; absent while nobody subscribes. */
  readonly report?: ((status: number) => void) | undefined;
}

/** A problem body as a client of the request's version receives it (the history's `migrateProblem()`s). */
export type ProblemMigration = (body: Record<string, unknown>) => Record<string, unknown>;

const varyLanguage: readonly string[] = Object.freeze(['Accept-Language']);
const noFields: readonly HeaderField[] = Object.freeze([]);
const noVary: readonly string[] = Object.freeze([]);

/**
 * The problem+json response for `error`: its detail in the language `Accept-Language` asks for (English when none
 * fits), `Content-Language` and `Vary: Accept-Language` when the detail is translatable, and `vary` (the route's
 * scheme's headers) in `Vary` too. `X-Content-Type-Options: nosniff`, as the body quotes what the client sent.
 * `members` are RFC 9457 extension members for the body (`supportedVersions`); `migrate` takes the body to the
 * request's version, before it is serialised.
 */
export function renderProblem(
  error: APIException,
  acceptLanguage: string | null | undefined,
  vary: readonly string[] = noVary,
  members: Readonly<Record<string, unknown>> | null = null,
  migrate: ProblemMigration | null = null,
): Problem {
  const translatable = error.detail instanceof LazyString;
  const asked = languageFromAcceptLanguage(acceptLanguage, supportedLanguages()) ?? 'en';
  const render = (language: string): string =>
    withLanguage(language, () => {
      const body = members === null ? error.toJSON() : { ...error.toJSON(), ...members };
      return JSON.stringify(migrate === null ? body : migrate(body as unknown as Record<string, unknown>));
    });
  const body = render(asked);
  // A message the catalog lacks comes out in English, and the header must say so.
  const language = asked !== 'en' && body === render('en') ? 'en' : asked;
  return {
    status: error.statusCode,
    headers: {
      'content-type': 'application/problem+json',
      ...(translatable ? { 'content-language': language } : {}),
      'x-content-type-options': 'nosniff',
    },
    vary: translatable ? [...vary, ...varyLanguage] : vary,
    body,
  };
}

/**
 * The problem outcome of `error`: rendered in the language `acceptLanguage` asks for, `Allow` for a 405, `vary`
 * and the lifecycle's `fields`; `supportedVersions` in the body when given; the body through `migrate` when given.
 */
export function problemOutcome(
  error: APIException,
  acceptLanguage: string | null | undefined,
  vary: readonly string[] = noVary,
  fields: readonly HeaderField[] = noFields,
  supportedVersions: readonly string[] | null = null,
  migrate: ProblemMigration | null = null,
): ProblemOutcome {
  const problem = renderProblem(
    error,
    acceptLanguage,
    vary,
    supportedVersions && { supportedVersions },
    migrate,
  );
  const headers =
    error instanceof MethodNotAllowed
      ? // Object.assign, not a spread followed by one more property: V8 runs that one far slower.
        Object.assign({}, problem.headers, { allow: error.allowed.join(', ') })
      : problem.headers;
  return { kind: 'problem', status: problem.status, headers, vary: problem.vary, body: problem.body, fields };
}
