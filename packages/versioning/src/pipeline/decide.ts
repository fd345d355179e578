import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPromiseLike } from '../internal/recognize.js';
import { type APIException, InvalidVersion, isAPIException, VersionRequired } from '../errors.js';
import { mustBe } from '../internal/arguments.js';
import { type BaseVersioning, pinRules } from '../schemes/base.js';
import type { PipelineRequest } from '../http/request.js';
import type { Refusal } from '../lifecycle/lifecycle.js';
import type { HeaderField } from '../lifecycle/policies.js';
import type { FlatRoute } from '../urls/route.types.js';
import type { RoutePlan } from './plan.js';
import { type ProblemOutcome, problemOutcome } from './problem.js';
import { type Report, reportOf, reportWhenDone, requestChannel } from './request-channel.js';

/** A request the route serves: what the adapter puts on the framework's request and response. */
export interface ServeOutcome {
  readonly kind: 'serve';
  /** The versioned request: `version`, `versioningScheme`, `resolverMatch` (of the answering route), `reverse()`. */
  readonly request: PipelineRequest;
  /** The handler that answers: the route's, or a later route's of the same URL whose `since`/`until` hold the version. */
  readonly handler: unknown;
  /** The route that answers. */
  readonly route: FlatRoute;
  /** The version lifecycle's header fields (shared, frozen), appended after what the response has. */
  readonly fields: readonly HeaderField[];
  /**
   * The request headers the answer varies on, appended to the response's `Vary`, never replacing it: the route's
   * scheme's, or, where the mount's `pinVersion` was asked for the version, `*` (or the scheme's and the pin's `vary`).
   */
  readonly vary: readonly string[];
  /** The `Content-Type` a JSON answer goes out as instead (a vendor type `MediaTypeVersioning` read), or `null`. */
  readonly contentType: string | null;
  /** Publishes the request on `restdash:versioning:request` with its status; absent while nobody subscribes. */
  readonly report?: Report | undefined;
}

/** What the pipeline decided for one request: serve it, or answer with a problem. */
export type Outcome = ServeOutcome | ProblemOutcome;

/**
 * What an adapter writes out: the outcome, or, on a mount with `pinVersion` whose pin answers with a promise for a
 * request that carries no version, a promise of it.
 */
export type PendingOutcome = Outcome | Promise<Outcome>;

const noArgs: readonly string[] = Object.freeze([]);
const noPin: { readonly chose: boolean } = Object.freeze({ chose: false });

/**
 * Whether `error`, raised while determining the version, refuses the version itself: a 404, or a 406 other than
 * the one of content negotiation.
 */
function isVersionError(error: APIException, request: PipelineRequest): boolean {
  if (error.statusCode === 404) return true;
  // A request without a version, or with one not of the scheme's format: the problem says which ones it could ask.
  if (error instanceof VersionRequired || error instanceof InvalidVersion) return true;
  return error.statusCode === 406 && request.negotiationProblem() !== error;
}

/** The lifecycle's header fields, and the `Link` to the document of the request's version where the mount has one. */
function fieldsOf(
  route: RoutePlan,
  request: PipelineRequest,
  fields: readonly HeaderField[],
): readonly HeaderField[] {
  const { serviceDesc } = route;
  return serviceDesc === null || request.version === null ? fields : [...fields, serviceDesc(request)];
}

/** The problem outcome of a refusal; `vary` is the route's, or {@link RoutePlan.pinnedVary} once the pin was asked. */
function refused(
  route: RoutePlan,
  request: PipelineRequest,
  refusal: Refusal,
  vary: readonly string[] = route.vary,
): ProblemOutcome {
  const { error, fields, supportedVersions } = refusal;
  const all = fieldsOf(route, request, fields);
  const migrate = route.problemFor(request.version);
  return problemOutcome(error, request.header('accept-language'), vary, all, supportedVersions, migrate);
}

/**
 * The outcome of an error the scheme threw: a problem for an `APIException`, except that the `describe` route serves
 * a request without a version (the newest document) where the scheme requires one; any other error is thrown on.
 */
function refusedVersion(
  route: RoutePlan,
  request: PipelineRequest,
  error: unknown,
  vary: readonly string[] = route.vary,
): Outcome {
  if (!isAPIException(error)) throw error;
  if (route.describes && error instanceof VersionRequired) {
    request.version = null;
    return admitted(route, request, vary);
  }
  return refused(route, request, route.lifecycle.refuse(error, isVersionError(error, request)), vary);
}

/**
 * The rest of the decision once the pin answered `pinned` for a request that carries no version: a version is read
 * and checked as if the request carried it; none (`null`, `undefined`, `''`) leaves the scheme's default or its
 * `version_required`.
 */
function afterPin(
  route: RoutePlan,
  request: PipelineRequest,
  kwargs: Readonly<Record<string, string | undefined>>,
  pinned: unknown,
): Outcome {
  const scheme = route.scheme as BaseVersioning;
  if (pinned !== null && pinned !== undefined && typeof pinned !== 'string') {
    throw mustBe('options.pinVersion(request)', 'its result', 'a string, null or undefined', pinned);
  }
  try {
    request.version =
      typeof pinned === 'string' && pinned !== ''
        ? scheme.determineVersionWith(pinRules(scheme, pinned), request, noArgs, kwargs)
        : scheme.determineVersion(request, noArgs, kwargs);
  } catch (error) {
    return refusedVersion(route, request, error, route.pinnedVary);
  }
  return admitted(route, request, route.pinnedVary);
}

/**
 * Decides what answers `request`, which the framework routed to `route` with its `params`: checks the host (like
 * Django's CommonMiddleware, on every route, version-neutral ones too), lets the route's scheme determine the
 * version (asking the mount's `pinVersion` with `native`, the framework's own request, when the request carries
 * none), and lets the route's lifecycle admit it (sunset, `since`/`until`). Returns the outcome for the adapter to
 * write out, a promise of it only where a pin answered with one; a scheme's `APIException` becomes a problem outcome
 * here, any other error is thrown on.
 */
export function decide(
  route: RoutePlan,
  request: PipelineRequest,
  params: unknown,
  native?: unknown,
): PendingOutcome {
  // What the pin answered, for the report: set once it did (never without a pin).
  const pin = route.pinVersion === null ? noPin : { chose: false };
  const outcome = decideOutcome(route, request, params, native, pin);
  // Read once per request: nothing of the report is made while nobody subscribes.
  if (!requestChannel.hasSubscribers) return outcome;
  const withReport = (settled: Outcome): Outcome => {
    const report = reportOf(route, request, route.kwargsOf(params), pin.chose);
    return report === null ? settled : reported(settled, report);
  };
  return outcome instanceof Promise ? outcome.then(withReport) : withReport(outcome);
}

/**
 * `settled` with its report, written out member by member: on V8, an object spread followed by one more property
 * takes hundreds of times longer than the literal.
 */
function reported(settled: Outcome, report: Report): Outcome {
  if (settled.kind === 'serve') {
    const { request, handler, route, fields, vary, contentType } = settled;
    return {
      kind: 'serve',
      request,
      handler,
      route,
      fields,
      vary,
      contentType,
      report,
    } satisfies Required<ServeOutcome>;
  }
  const { status, headers, vary, body, fields } = settled;
  return { kind: 'problem', status, headers, vary, body, fields, report } satisfies Required<ProblemOutcome>;
}

function decideOutcome(
  route: RoutePlan,
  request: PipelineRequest,
  params: unknown,
  native: unknown,
  pin: { chose: boolean },
): PendingOutcome {
  const { scheme, lifecycle, pinVersion } = route;
  const host = request.hostProblem();
  if (host !== null) {
    if (!isAPIException(host)) throw host;
    return refused(route, request, lifecycle.refuse(host, false));
  }
  if (scheme !== null) {
    request.versioningScheme = scheme;
    const kwargs = route.kwargsOf(params);
    try {
      // With a pin, a request that carries no version is answered null, unchecked, for the pin to decide.
      request.version =
        pinVersion === null
          ? scheme.determineVersion(request, noArgs, kwargs)
          : scheme.determineVersionWith(pinRules(scheme), request, noArgs, kwargs);
    } catch (error) {
      return refusedVersion(route, request, error);
    }
    if (pinVersion !== null && request.version === null) {
      const pinned = pinVersion(native);
      const after = (value: unknown) => {
        pin.chose = typeof value === 'string' && value !== '';
        return afterPin(route, request, kwargs, value);
      };
      return isPromiseLike(pinned) ? Promise.resolve(pinned).then(after) : after(pinned);
    }
  }
  return admitted(route, request);
}

/**
 * The lifecycle's verdict on the version the scheme determined: served, or refused (sunset, `since`/`until`); the
 * answer varies on `vary`.
 */
function admitted(route: RoutePlan, request: PipelineRequest, vary: readonly string[] = route.vary): Outcome {
  const verdict = route.lifecycle.admit(request.version, request);
  if (verdict.kind === 'refuse') return refused(route, request, verdict, vary);
  if (verdict.route !== route.route) request.answeredBy(verdict.route);
  const { responseMediaType } = route;
  return {
    kind: 'serve',
    request,
    handler: verdict.route.handler,
    route: verdict.route,
    fields: fieldsOf(route, request, verdict.fields),
    vary,
    contentType: responseMediaType === null ? null : responseMediaType(request),
  };
}

/**
 * {@link decide} for a node:http `IncomingMessage` (node:http, Express, Fastify's `request.raw`) whose request
 * target is `target` as the client sent it; `mount` is what the route's `prefixOf()` reads the script prefix from;
 * `native` the framework's request a pin is given (Express's, Fastify's; by default `message` itself); `response`,
 * when given, is where the request's report (see `reportOf`) waits for its status.
 */
export function decideNode(
  route: RoutePlan,
  message: IncomingMessage,
  target: string,
  params: unknown,
  mount: unknown,
  native: unknown = message,
  response?: ServerResponse,
): PendingOutcome {
  const outcome = decide(route, route.requests.node(message, target, route, params, mount), params, native);
  if (response === undefined || !requestChannel.hasSubscribers) return outcome;
  if (outcome instanceof Promise) {
    return outcome.then((settled) => {
      reportWhenDone(response, settled.report ?? null);
      return settled;
    });
  }
  reportWhenDone(response, outcome.report ?? null);
  return outcome;
}

/**
 * {@link decide} for a fetch `Request` (Hono); `host` is its `Host` header when the adapter has it at hand without
 * asking `input.headers`; `native` what a pin is given (Hono: the context).
 */
export function decideFetch(
  route: RoutePlan,
  input: Request,
  params: unknown,
  mount: unknown,
  host?: string,
  native: unknown = input,
): PendingOutcome {
  return decide(route, route.requests.fetch(input, route, params, mount, host), params, native);
}
