/**
 * The core as the adapters see it: everything a port needs of the pipeline, the exchange and the shared mount, in
 * one place. A framework's adapter imports this and its framework, nothing else of restdash.
 */
export { APIException, isAPIException, ParseError } from '../errors.js';
export { checkScriptPrefix } from '../http/request.js';
export { readFetchBody, type BodyBytes } from '../http/read-body.js';
export { argumentError, mustBe } from '../internal/arguments.js';
export {
  decideFetch,
  decideNode,
  type Outcome,
  type PendingOutcome,
  type ServeOutcome,
} from '../pipeline/decide.js';
export {
  answerDecided,
  enter,
  type Entry,
  type ExchangePort,
  failure,
  type Send,
  sending,
  untouched,
  whenEntered,
} from '../pipeline/exchange.js';
export { routeMatcher } from '../pipeline/match.js';
export { type ProblemOutcome, problemOutcome } from '../pipeline/problem.js';
export { unrouted, unroutedError } from '../pipeline/unrouted.js';
export { appendField, appendVary, isJsonType, mergeVary } from '../pipeline/vary.js';
export type { VersioningRequest } from '../types.js';
export type { PathOptions } from '../urls/route.types.js';
export { UrlConf } from '../urls/urlconf.js';
export { type DescribedFile, type FileOf, sendFile } from './docs-ui.js';
export * from './shared.js';
