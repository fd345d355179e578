import { APIException, NotFound } from '@restdash/versioning';
import { defaultPageSize, maxPageSize, maxSearchLength, orderings, parseWholeNumber } from '../shared/api.js';
import type { Ordering } from '../shared/api.js';
import type { City, CityQuery } from './cities.js';

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

/** 400 with the `invalid` code, for a query parameter the client got wrong. */
export class InvalidParameter extends APIException {
  override name = 'InvalidParameter';
  constructor(detail: string) {
    super(detail, 'invalid', 400);
  }
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
 * A bad page is a 404 (`Invalid page.`, as DRF); a bad `page_size`, `ordering` or `search` is a 400
 * naming the parameter and the value. `page_size` above {@link maxPageSize} is capped.
 */
export function parseListParams(query: URLSearchParams): ListParams {
  const carried: Record<string, string> = {};

  const rawPage = lastValue(query, 'page');
  const page = rawPage === null ? 1 : rawPage === 'last' ? 'last' : parseWholeNumber(rawPage);
  if (page === null) throw new NotFound('Invalid page.');

  const rawSize = lastValue(query, 'page_size');
  let pageSize = defaultPageSize;
  if (rawSize !== null) {
    const size = parseWholeNumber(rawSize);
    if (size === null) {
      throw new InvalidParameter(
        `Invalid page_size ${JSON.stringify(rawSize)}: expected a whole number from 1 to ${maxPageSize}.`,
      );
    }
    pageSize = Math.min(size, maxPageSize);
    carried['page_size'] = String(pageSize);
  }

  const rawOrdering = lastValue(query, 'ordering');
  let ordering: Ordering = '-population';
  if (rawOrdering !== null) {
    if (!isOrdering(rawOrdering)) {
      throw new InvalidParameter(
        `Invalid ordering ${JSON.stringify(rawOrdering)}: expected one of ${orderings.join(', ')}.`,
      );
    }
    ordering = rawOrdering;
    carried['ordering'] = ordering;
  }

  const search = (lastValue(query, 'search') ?? '').trim();
  if (search.length > maxSearchLength) {
    throw new InvalidParameter(
      `Invalid search ${JSON.stringify(`${search.slice(0, 20)}…`)}: longer than ${maxSearchLength} characters.`,
    );
  }
  if (search !== '') carried['search'] = search;

  return { page, pageSize, ordering, search, carried };
}

/**
 * Cuts `items` into pages of `pageSize` and returns the one asked for. An empty list still has page 1
 * (DRF's `allow_empty_first_page`); any other page past the end is `NotFound('Invalid page.')`.
 */
export function paginate(items: readonly City[], page: number | 'last', pageSize: number): CityPage {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const number = page === 'last' ? totalPages : page;
  if (number > totalPages) throw new NotFound('Invalid page.');
  const start = (number - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    page: number,
    pageSize,
    totalPages,
    totalItems: items.length,
  };
}
