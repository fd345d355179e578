import { APIException, gettextLazy, NotFound } from '@restdash/versioning';
import type { LazyString } from '@restdash/versioning';
import { defaultPageSize, maxPageSize, maxSearchLength, orderings, parseWholeNumber } from '../shared/api.js';
import type { Ordering } from '../shared/api.js';
import type { City, CityQuery } from './cities.js';
import { invalidOrdering, invalidPage, invalidPageSize, invalidSearch } from './messages.js';

/** The query parameters of a city list request, validated. */
export interface ListParams extends CityQuery {
  /** The requested page; `'last'` as DRF allows. */
  readonly page: number | 'last';
  readonly pageSize: number;
  /** The parameters the client gave besides `page`, normalized: links carry them to every page. */
  readonly carried: Readonly<Record<string, string>>;
}

/** One page of a city list. */
export interface CityPage {
  readonly items: readonly City[];
  readonly page: number;
  readonly pageSize: number;
  readonly totalPages: number;
  readonly totalItems: number;
}

/** 400 with the `invalid` code, for a query parameter the client got wrong; `detail` is translated when read. */
export class InvalidParameter extends APIException {
  override name = 'InvalidParameter';
  constructor(detail: LazyString) {
    super(detail, 'invalid', 400);
  }
}

/** `Invalid page.` (404), translated when read. */
function pageNotFound(): NotFound {
  return new NotFound(gettextLazy(invalidPage));
}

/** Django's `QueryDict.get`: the last value of a repeated key. */
function lastValue(query: URLSearchParams, key: string): string | null {
  return query.getAll(key).at(-1) ?? null;
}

function isOrdering(value: string): value is Ordering {
  return (orderings as readonly string[]).includes(value);
}

/**
 * Reads `page`, `page_size`, `ordering` and `search` from a list request's query string.
 * A bad page is a 404 (`Invalid page.`, as DRF); a bad `page_size` (not a whole number from 1 to
 * {@link maxPageSize}: both ends alike, never silently capped), `ordering` or `search` is a 400 naming the
 * parameter and the value. The messages are translated when read (see messages.ts).
 */
export function parseListParams(query: URLSearchParams): ListParams {
  const carried: Record<string, string> = {};

  const rawPage = lastValue(query, 'page');
  const page = rawPage === null ? 1 : rawPage === 'last' ? 'last' : parseWholeNumber(rawPage);
  if (page === null) throw pageNotFound();

  const rawSize = lastValue(query, 'page_size');
  let pageSize = defaultPageSize;
  if (rawSize !== null) {
    const size = parseWholeNumber(rawSize);
    if (size === null || size > maxPageSize) {
      throw new InvalidParameter(
        gettextLazy(invalidPageSize, { value: JSON.stringify(rawSize), max: maxPageSize }),
      );
    }
    pageSize = size;
    carried['page_size'] = String(pageSize);
  }

  const rawOrdering = lastValue(query, 'ordering');
  let ordering: Ordering = '-population';
  if (rawOrdering !== null) {
    if (!isOrdering(rawOrdering)) {
      throw new InvalidParameter(
        gettextLazy(invalidOrdering, { value: JSON.stringify(rawOrdering), choices: orderings.join(', ') }),
      );
    }
    ordering = rawOrdering;
    carried['ordering'] = ordering;
  }

  const search = (lastValue(query, 'search') ?? '').trim();
  if (search.length > maxSearchLength) {
    throw new InvalidParameter(
      gettextLazy(invalidSearch, { value: JSON.stringify(`${search.slice(0, 20)}…`), max: maxSearchLength }),
    );
  }
  if (search !== '') carried['search'] = search;

  return { page, pageSize, ordering, search, carried };
}

/**
 * Cuts `items` into pages of `pageSize` and returns the one asked for. An empty list still has page 1
 * (DRF's `allow_empty_first_page`); any other page past the end is a `NotFound`, `Invalid page.`
 */
export function paginate(items: readonly City[], page: number | 'last', pageSize: number): CityPage {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const number = page === 'last' ? totalPages : page;
  if (number > totalPages) throw pageNotFound();
  const start = (number - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    page: number,
    pageSize,
    totalPages,
    totalItems: items.length,
  };
}
