export { BaseVersioning } from './schemes/base.js';
export type { VersionFormatName, VersionOf, VersioningOptions } from './schemes/base.js';
export { AcceptHeaderVersioning } from './schemes/accept-header.js';
export { URLPathVersioning } from './schemes/url-path.js';
export { NamespaceVersioning } from './schemes/namespace.js';
export { HostNameVersioning } from './schemes/hostname.js';
export { QueryParameterVersioning } from './schemes/query-parameter.js';
export { HeaderVersioning } from './schemes/header.js';
export type { HeaderVersioningOptions } from './schemes/header.js';
export { MediaTypeVersioning } from './schemes/media-type-versioning.js';
export type { MediaTypeVersioningOptions } from './schemes/media-type-versioning.js';
export { CompositeVersioning } from './schemes/composite.js';
export type { CompositeVersioningOptions } from './schemes/composite.js';

export { configure, getSettings, resetSettings } from './settings.js';
export type { VersioningSettings } from './settings.js';

export {
  AmbiguousVersion,
  APIException,
  DisallowedHost,
  InvalidVersion,
  InvalidBody,
  InvalidResponse,
  isAPIException,
  MethodNotAllowed,
  NoReverseMatch,
  NotAcceptable,
  NotFound,
  NotImplementedError,
  ParseError,
  VersionRequired,
  PayloadTooLarge,
  UnsupportedMediaType,
  VersionSunset,
} from './errors.js';
export type { BodyError, ProblemDetails } from './errors.js';

// What a versioned API's messages need; translating an application's own messages (`addTranslations`,
// `supportedLanguages`, `gettext`) is `@restdash/versioning/i18n`.
export {
  activate,
  getLanguage,
  gettextLazy,
  languageFromAcceptLanguage,
  LazyString,
  withLanguage,
} from './i18n/index.js';

export { parseMediaType } from './http/media-type.js';
export { negotiate } from './http/negotiation.js';
export type { MediaType } from './http/media-type.js';
export { createRequest } from './http/request.js';
export type { CreateRequestOptions } from './http/request.js';

export { include, path } from './urls/route-builders.js';
export { UrlConf } from './urls/urlconf.js';
export type { FlatRoute, Include, PathOptions, Route, RouteCopy, RouteParam } from './urls/route.types.js';
export { replaceQueryParam, reverse } from './urls/reverse.js';

export type { ResolverMatch, ReverseOptions, VersioningRequest } from './types.js';

export type { LifecycleOptions } from './lifecycle/lifecycle.js';
export type { BrownoutWindow, VersionPolicy } from './lifecycle/policies.js';
export { VersionBrownout } from './lifecycle/brownout.js';
export type { RequestMessage, VersionChoice } from './types.js';
