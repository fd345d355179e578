// Compiled by types.test.ts with tsc --strict: the client is typed by the scheme's versions. Every
// `@ts-expect-error` must meet its error, or tsc reports the directive as unused.
import { placeVersion, versionedFetch } from '../../src/client/index.js';
// The schemes as a user takes them, from the package's root.
import { CompositeVersioning, HeaderVersioning, URLPathVersioning } from '../../src/index.js';

const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] as const });

export const v2 = versionedFetch({
  scheme,
  version: 'v2',
  onDeprecation: (notice) => {
    const version: 'v1' | 'v2' = notice.version;
    return version;
  },
});
// @ts-expect-error 'v3' is not one of the scheme's versions
export const v3 = versionedFetch({ scheme, version: 'v3' });

export const placed = placeVersion(scheme, 'v1', { url: 'https://api.example.com/{version}/users/' });
// @ts-expect-error 'v3' is not one of the scheme's versions
export const wrong = placeVersion(scheme, 'v3', { url: 'https://api.example.com/{version}/users/' });

// A scheme typed without an allow list takes any string.
export const open = versionedFetch({ scheme: new HeaderVersioning(), version: 'anything' });

const composite = new CompositeVersioning([new HeaderVersioning()], { allowedVersions: ['1', '2'] as const });
export const one = placeVersion(composite, '1', { url: 'https://api.example.com/' });
// @ts-expect-error '3' is not one of the composite's versions
export const three = placeVersion(composite, '3', { url: 'https://api.example.com/' });

export async function send(): Promise<number> {
  const response: Response = await v2('https://api.example.com/{version}/users/', { method: 'GET' });
  return response.status;
}
