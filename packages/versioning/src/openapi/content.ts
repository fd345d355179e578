import type { MediaTypeObject } from './openapi.types.js';
import { parameterValue, type Placement } from './placement.js';
import { problemMediaType } from './problems.js';

/** The essence of a media type (`application/json`), lower-case. */
function essenceOf(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether `mediaType` has the parameter `name` (names are case-insensitive) already. */
function hasParameter(mediaType: string, name: string): boolean {
  const lower = name.toLowerCase();
  return mediaType
    .split(';')
    .slice(1)
    .some((parameter) => (parameter.split('=')[0] ?? '').trim().toLowerCase() === lower);
}

function isJson(mediaType: string): boolean {
  const essence = essenceOf(mediaType);
  return essence === 'application/json' || (essence.endsWith('+json') && essence !== problemMediaType);
}

/**
 * `content` with the version where the placement puts it: the media type's parameter (`accept`; in a request body
 * JSON types only) or, in responses, the vendor type for JSON (`media-type`: the scheme reads `Accept` only, and JSON
 * body parsers expect `application/json`). Problem details keep their own type.
 */
export function versionedContent(
  content: Readonly<Record<string, MediaTypeObject>>,
  placement: Placement,
  version: string,
  body: 'request' | 'response',
): Record<string, MediaTypeObject> {
  const result: Record<string, MediaTypeObject> = {};
  for (const [mediaType, entry] of Object.entries(content)) {
    let key = mediaType;
    const essence = essenceOf(mediaType);
    if (essence !== problemMediaType && !essence.includes('*')) {
      if (
        placement.kind === 'accept' &&
        (body === 'response' || isJson(mediaType)) &&
        !hasParameter(mediaType, placement.param)
      ) {
        key = `${mediaType}; ${placement.param}=${parameterValue(version)}`;
      } else if (placement.kind === 'media-type' && body === 'response' && essence === 'application/json') {
        key = placement.mediaType;
      }
    }
    if (!Object.hasOwn(result, key)) result[key] = entry;
  }
  return result;
}
