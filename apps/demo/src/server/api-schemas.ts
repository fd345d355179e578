// The JSON Schemas of the demo API's city bodies, written for the newest version only: the routes' `response`
// schemas, and the schemas the history (api-history.ts) changes from one version to the next.

/** A city in lists, newest shape: its id is a string from the third version on. */
export const City = {
  $id: 'City',
  type: 'object',
  required: ['id', 'name', 'countryCode', 'population', 'location', 'url'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[1-9][0-9]*$', description: 'GeoNames id, as a string.' },
    name: { type: 'string' },
    countryCode: { type: 'string', pattern: '^[A-Z]{2}$' },
    population: { type: 'integer', minimum: 0 },
    location: {
      type: 'object',
      required: ['lat', 'lon'],
      additionalProperties: false,
      properties: { lat: { type: 'number' }, lon: { type: 'number' } },
    },
    url: { type: 'string', format: 'uri' },
  },
} as const;

/** A city's detail, newest shape: a list's city and GeoNames' codes. */
export const CityDetail = {
  $id: 'CityDetail',
  type: 'object',
  required: [...City.required, 'featureCode', 'adminCode'],
  additionalProperties: false,
  properties: { ...City.properties, featureCode: { type: 'string' }, adminCode: { type: 'string' } },
} as const;

const link = { type: ['string', 'null'], format: 'uri' } as const;

/** A page of the list, newest shape: the cities, the paging numbers, every navigation link. */
export const CityList = {
  type: 'object',
  required: ['data', 'meta', 'links'],
  additionalProperties: false,
  properties: {
    data: { type: 'array', items: { $ref: 'City' } },
    meta: {
      type: 'object',
      required: ['page', 'pageSize', 'totalPages', 'totalItems'],
      additionalProperties: false,
      properties: {
        page: { type: 'integer', minimum: 1 },
        pageSize: { type: 'integer', minimum: 1 },
        totalPages: { type: 'integer', minimum: 1 },
        totalItems: { type: 'integer', minimum: 0 },
      },
    },
    links: {
      type: 'object',
      required: ['self', 'first', 'prev', 'next', 'last'],
      additionalProperties: false,
      properties: { self: link, first: link, prev: link, next: link, last: link },
    },
  },
  $defs: { City },
} as const;

/**
 * A page of the list as the first version sends it, DRF's `PageNumberPagination` envelope: what the history's
 * `migrateResponse()` function returns (api-history.ts), given with it for the documents and `checkResponses`. Its
 * cities are `City` as the history has it in that version.
 */
export const CityListV1 = {
  type: 'object',
  required: ['count', 'next', 'previous', 'results'],
  additionalProperties: false,
  properties: {
    count: { type: 'integer', minimum: 0 },
    next: link,
    previous: link,
    results: { type: 'array', items: { $ref: 'City' } },
  },
  $defs: { City },
} as const;
