import { argumentError } from '../internal/arguments.js';
import type { Token } from 'path-to-regexp';
import { encodeValue } from '../urls/encoding.js';
import type { FlatRoute } from '../urls/route.types.js';

type PlainToken = Exclude<Token, { type: 'group' }>;

/** One OpenAPI path of a route: its template and the parameters it keeps. */
export interface PathTemplate {
  /** `/v2/users/{pk}/`: literal text as a request carries it, parameters in braces. */
  readonly template: string;
  /** The template with every parameter's name left out (`/v2/users/{}/`): OpenAPI holds two such paths the same. */
  readonly shape: string;
  /** The parameters left in the template, in order. */
  readonly params: readonly { readonly name: string; readonly kind: 'param' | 'wildcard' }[];
  /** The names of the parameters the template has written in (see {@link pathTemplates}). */
  readonly filled: ReadonlySet<string>;
}

/**
 * Each way of taking or leaving the optional groups of `tokens`, taking them first: the order in which the route's
 * regular expression tries them, so that of two variants matching the same paths the first is the one it reports.
 */
function flatten(tokens: readonly Token[]): PlainToken[][] {
  return tokens.reduce<PlainToken[][]>(
    (variants, token) =>
      token.type === 'group'
        ? variants.flatMap((head) => [...flatten(token.tokens).map((tail) => [...head, ...tail]), head])
        : variants.map((head) => [...head, token]),
    [[]],
  );
}

/** A value no route's literal text holds: what a variant's parameters are tried with. */
const probe = '\u0000';

/**
 * Whether the route's own matching reads `template`'s path, its parameters given {@link probe}, as exactly those
 * parameters: else another way of taking its groups wins for every such path (`/{b}/opt` of `{/:a}/:b{/opt}` is
 * read as `a` and `b`), and the template names parameters the handler never gets.
 */
function isReported(
  route: Pick<FlatRoute, 'match'>,
  template: PathTemplate,
  fill: ReadonlyMap<string, string>,
): boolean {
  const encoded = encodeValue(probe);
  const match = route.match(template.template.replaceAll(/\{[^}]*\}/g, encoded));
  if (match === null) return false;
  const kwargs = Object.entries(match.kwargs);
  const probed = new Set(template.params.map(({ name }) => name));
  return (
    kwargs.length === probed.size + template.filled.size &&
    kwargs.every(([name, value]) =>
      template.filled.has(name) ? fill.get(name) === value : probed.has(name) && value === probe,
    )
  );
}

/**
 * The OpenAPI paths of a route: one per way of taking its optional groups, shortest first, the parameters named in
 * `fill` written in with their value (encoded as reversal does: a wildcard segment by segment). Only the ways the
 * route's matching reports are kept (of `{/:a}{/:b}`, `/{a}` but not `/{b}`). Throws a `TypeError` naming `where` for
 * a parameter name OpenAPI cannot write (one holding a brace).
 */
export function pathTemplates(
  where: string,
  route: Pick<FlatRoute, 'tokens' | 'match'>,
  fill: ReadonlyMap<string, string>,
): PathTemplate[] {
  const seen = new Set<string>();
  const templates: PathTemplate[] = [];
  for (const variant of flatten(route.tokens)) {
    let template = '';
    let shape = '';
    const params: PathTemplate['params'][number][] = [];
    const filled = new Set<string>();
    for (const token of variant) {
      if (token.type === 'text') {
        template += token.value;
        shape += token.value;
        continue;
      }
      const value = fill.get(token.name);
      if (value !== undefined) {
        const encoded =
          token.type === 'wildcard' ? value.split('/').map(encodeValue).join('/') : encodeValue(value);
        template += encoded;
        shape += encoded;
        filled.add(token.name);
        continue;
      }
      if (/[{}]/.test(token.name)) {
        throw argumentError(
          `${where}: parameter ${JSON.stringify(token.name)} holds a brace, which an OpenAPI path template cannot carry; rename it`,
        );
      }
      template += `{${token.name}}`;
      shape += '{}';
      params.push({ name: token.name, kind: token.type });
    }
    const found = { template, shape, params, filled };
    if (seen.has(shape) || !isReported(route, found, fill)) continue;
    seen.add(shape);
    templates.push(found);
  }
  // Taking groups first lists the longest paths first; a reader expects the plain path first.
  return templates.reverse();
}
