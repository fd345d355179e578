// The parameters of a route pattern (path-to-regexp 8 syntax), worked out by the type checker from the route
// string, so that a handler written inline gets `params` typed without an annotation.

/** Characters that end a parameter name written without quotes (path-to-regexp's names are identifiers). */
type NameEnd =
  | '/'
  | '.'
  | '-'
  | '{'
  | '}'
  | ':'
  | '*'
  | '('
  | ')'
  | '['
  | ']'
  | '?'
  | '+'
  | '!'
  | '@'
  | ','
  | ';'
  | '='
  | '&'
  | '~'
  | "'"
  | '"'
  | '#'
  | '%'
  | '\\'
  | ' '
  | '|'
  | '^'
  | '`'
  | '<'
  | '>';

/** `[name, rest]` of an unquoted name at the start of `S`. */
type ReadName<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends NameEnd
    ? [Name, S]
    : ReadName<Rest, `${Name}${C}`>
  : [Name, ''];

/** `[name, rest]` of a quoted name (`"person-id"`) once its opening quote is read. */
type ReadQuoted<S extends string, Name extends string = ''> = S extends `\\${infer C}${infer Rest}`
  ? ReadQuoted<Rest, `${Name}${C}`>
  : S extends `"${infer Rest}`
    ? [Name, Rest]
    : S extends `${infer C}${infer Rest}`
      ? ReadQuoted<Rest, `${Name}${C}`>
      : [Name, ''];

type ReadParam<S extends string> = S extends `"${infer Quoted}` ? ReadQuoted<Quoted> : ReadName<S>;

/** The names found so far: required and optional (inside `{…}`), parameters and wildcards. */
interface Found {
  readonly required: string;
  readonly optional: string;
  readonly requiredWildcards: string;
  readonly optionalWildcards: string;
}

type WithParam<F extends Found, Name extends string, Optional extends boolean, Wildcard extends boolean> = {
  required: F['required'] | (Optional extends false ? (Wildcard extends false ? Name : never) : never);
  optional: F['optional'] | (Optional extends true ? (Wildcard extends false ? Name : never) : never);
  requiredWildcards:
    F['requiredWildcards'] | (Optional extends false ? (Wildcard extends true ? Name : never) : never);
  optionalWildcards:
    F['optionalWildcards'] | (Optional extends true ? (Wildcard extends true ? Name : never) : never);
};

/** Reads `S` one token at a time; `Depth` counts the open `{` groups. */
type Walk<S extends string, Depth extends 0[], F extends Found> = S extends `\\${string}${infer Rest}`
  ? Walk<Rest, Depth, F>
  : S extends `{${infer Rest}`
    ? Walk<Rest, [...Depth, 0], F>
    : S extends `}${infer Rest}`
      ? Walk<Rest, Depth extends [0, ...infer Outer extends 0[]] ? Outer : [], F>
      : S extends `${infer Mark extends ':' | '*'}${infer Rest}`
        ? ReadParam<Rest> extends [infer Name extends string, infer After extends string]
          ? Walk<
              After,
              Depth,
              WithParam<F, Name, Depth extends [] ? false : true, Mark extends '*' ? true : false>
            >
          : never
        : S extends `${string}${infer Rest}`
          ? Walk<Rest, Depth, F>
          : F;

type Flatten<T> = { [K in keyof T]: T[K] };

type ParamsOf<F extends Found, Wildcard> = Flatten<
  { [K in F['required']]: string } & { [K in F['optional']]?: string } & {
    [K in F['requiredWildcards']]: Wildcard;
  } & { [K in F['optionalWildcards']]?: Wildcard }
>;

type NoneFound = { required: never; optional: never; requiredWildcards: never; optionalWildcards: never };

/**
 * The parameters of a route pattern: `'/users/:pk/'` → `{ pk: string }`; inside a `{…}` group optional
 * (`'/docs/:slug{/:page}/'` → `{ slug: string; page?: string }`); a wildcard's value is `Wildcard` (Express
 * gives its segments, `string[]`; the other adapters a string). A route that is not a literal type gives a
 * dictionary.
 */
export type RouteParams<Route extends string, Wildcard = string> = string extends Route
  ? Record<string, string | undefined>
  : ParamsOf<Walk<Route, [], NoneFound>, Wildcard>;

/** The names of a route's parameters, `?` after the optional ones: what Hono's types read from a path. */
type HonoKeys<F extends Found> =
  `/:${F['required'] | F['requiredWildcards']}` | `/:${F['optional'] | F['optionalWildcards']}?`;

/**
 * A path in Hono's syntax with the parameters of `Route`, for Hono's own types to read them from (Hono's
 * `ParamKeys` splits on `/` and distributes over a union): `'/users/:pk{/:page}/'` → `'/:pk' | '/:page?'`.
 */
export type HonoPath<Route extends string> = string extends Route
  ? string
  : [HonoKeys<Walk<Route, [], NoneFound>>] extends [never]
    ? '/'
    : HonoKeys<Walk<Route, [], NoneFound>>;
