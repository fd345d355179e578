import type { FastifyReply } from 'fastify';
import { languageFromAcceptLanguage, LazyString, withLanguage } from '@restdash/versioning';
import { supportedLanguages } from '@restdash/versioning/i18n';
import type { APIException } from '@restdash/versioning';

/**
 * Sends `error` as `application/problem+json` the way the versioning adapter answers its own errors: the detail
 * in the language `Accept-Language` asks for, with `Content-Language` (English when the catalogs lack the
 * message) and `Vary: Accept-Language`; a plain-string detail is sent as it is. For what the adapter does not
 * answer itself: the assets, and errors of routes outside the UrlConf.
 */
export function sendProblem(
  reply: FastifyReply,
  error: APIException,
  acceptLanguage: string | undefined,
): FastifyReply {
  reply.code(error.statusCode).type('application/problem+json');
  if (!(error.detail instanceof LazyString)) return reply.send(error.toJSON());
  const asked = languageFromAcceptLanguage(acceptLanguage, supportedLanguages()) ?? 'en';
  const body = withLanguage(asked, () => error.toJSON());
  const english = asked === 'en' ? body.detail : withLanguage('en', () => String(error.detail));
  return reply
    .header('content-language', asked !== 'en' && body.detail === english ? 'en' : asked)
    .header('vary', 'Accept-Language')
    .send(body);
}
