// What the differential run compares, how it normalizes each field, and how it groups the disagreements it finds.
import { isDeepStrictEqual } from 'node:util';
import type { Answer } from './differential.send.js';
import { type DiffRequest, describeRequest, dimensions } from './differential.requests.js';

export const frameworks = ['express', 'fastify', 'hono', 'node'] as const;
export type FrameworkName = (typeof frameworks)[number];

/** The fields every adapter must answer alike (SPEC "The exchange: one answer on every framework"). */
export const fields = [
  'status',
  'content-type',
  'content-type parameters',
  'body',
  'vary',
  'content-language',
  'link',
  'deprecation',
  'sunset',
  'allow',
  'api-supported-versions',
  'api-deprecated-versions',
] as const;
export type Field = (typeof fields)[number];

/** An answer as compared: each field normalized to a string; the body parsed too when it is JSON. */
export interface Observed {
  readonly values: Readonly<Record<Field, string>>;
  /** The parsed body of a JSON answer (`application/json`, `+json`), else `undefined`. */
  readonly json: unknown;
}

const none = '(absent)';

function header(answer: Answer, name: string): string | null {
  const value = answer.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Splits a header value at the commas outside `<…>` and quoted strings. */
function splitList(value: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  let bracketed = false;
  for (let index = 0; index < value.length; index++) {
    const char = value[index] as string;
    if (quoted) {
      current += char;
      if (char === '\\' && index + 1 < value.length) current += value[++index] ?? '';
      else if (char === '"') quoted = false;
    } else if (char === '"') {
      quoted = true;
      current += char;
    } else if (char === '<') {
      bracketed = true;
      current += char;
    } else if (char === '>') {
      bracketed = false;
      current += char;
    } else if (char === ',' && !bracketed) {
      items.push(current.trim());
      current = '';
    } else current += char;
  }
  items.push(current.trim());
  return items.filter((item) => item !== '');
}

const unquote = (value: string): string =>
  value.startsWith('"') && value.endsWith('"') && value.length >= 2
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;

/** `;`-parameters: names lower-case, values unquoted (lower-case too for `lowerValues`), sorted. */
function parameters(parts: readonly string[], lowerValues: readonly string[]): string[] {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = (equals === -1 ? part : part.slice(0, equals)).trim().toLowerCase();
      let value = equals === -1 ? '' : unquote(part.slice(equals + 1).trim());
      if (lowerValues.includes(name)) value = value.toLowerCase();
      return equals === -1 ? name : `${name}=${value}`;
    })
    .sort();
}

/**
 * A Content-Type as its media type (`type/subtype`, lower-case) and its parameters (names and the charset lower-case,
 * unquoted, spacing and order ignored; `(none)` without any). On a JSON type, `charset=utf-8` is no parameter: JSON
 * text is UTF-8 and `application/json` defines no charset (RFC 8259 § 11), so Express and Fastify adding it and
 * Hono and node:http leaving it out send the same media type.
 */
export function normalizeContentType(value: string | null): { type: string; parameters: string } {
  if (value === null) return { type: none, parameters: none };
  const [rawType = '', ...rest] = value.split(';');
  const type = rawType.trim().toLowerCase();
  const json = type === 'application/json' || type.endsWith('+json');
  const list = parameters(rest, ['charset']).filter((parameter) => !(json && parameter === 'charset=utf-8'));
  return { type, parameters: list.length === 0 ? '(none)' : list.join('; ') };
}

/** Each link as `<target>; params…` (params normalized as above, `rel` lower-case), the set sorted. */
function normalizeLink(value: string | null): string {
  if (value === null) return none;
  const links = splitList(value).map((link) => {
    const end = link.indexOf('>');
    const target = link.slice(0, end + 1).trim();
    return [target, ...parameters(link.slice(end + 1).split(';'), ['rel', 'type'])].join('; ');
  });
  return [...new Set(links)].sort().join(' , ');
}

/** A list of tokens as a set: trimmed, `lower` or upper-cased, each once, sorted. */
function tokenSet(value: string | null, lower: boolean): string {
  if (value === null) return none;
  const tokens = value
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '')
    .map((token) => (lower ? token.toLowerCase() : token.toUpperCase()));
  return `{${[...new Set(tokens)].sort().join(', ')}}`;
}

/** A list whose order means something (versions, oldest first): spacing ignored. */
function tokenList(value: string | null): string {
  if (value === null) return none;
  return value
    .split(',')
    .map((token) => token.trim())
    .join(', ');
}

/** JSON text with every object's keys sorted, so that property order does not count. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const isJsonType = (type: string): boolean => type === 'application/json' || type.endsWith('+json');

/** The fields of `answer` as compared. */
export function observe(answer: Answer): Observed {
  if (answer.status === 0) {
    const missing = `no answer: ${answer.failure ?? ''}`;
    return {
      values: Object.fromEntries(fields.map((name) => [name, missing])) as Record<Field, string>,
      json: undefined,
    };
  }
  const contentType = normalizeContentType(header(answer, 'content-type'));
  let json: unknown;
  let body = answer.body === '' ? '(empty)' : `text: ${answer.body}`;
  if (answer.body !== '' && isJsonType(contentType.type)) {
    try {
      json = JSON.parse(answer.body) as unknown;
      body = canonical(json);
    } catch {
      body = `text (not JSON): ${answer.body}`;
    }
  }
  if (answer.failure !== null) body += ` [${answer.failure}]`;
  const values: Record<Field, string> = {
    status: String(answer.status),
    'content-type': contentType.type,
    'content-type parameters': contentType.parameters,
    body,
    vary: tokenSet(header(answer, 'vary'), true),
    'content-language': header(answer, 'content-language')?.trim().toLowerCase() ?? none,
    link: normalizeLink(header(answer, 'link')),
    deprecation: header(answer, 'deprecation')?.trim() ?? none,
    sunset: header(answer, 'sunset')?.trim() ?? none,
    allow: tokenSet(header(answer, 'allow'), false),
    'api-supported-versions': tokenList(header(answer, 'api-supported-versions')),
    'api-deprecated-versions': tokenList(header(answer, 'api-deprecated-versions')),
  };
  return { values, json };
}

/** The frameworks sharing each value of a field, the most shared first. */
interface ValueClass {
  readonly value: string;
  readonly frameworks: readonly FrameworkName[];
}

function classesOf(observed: readonly Observed[], name: Field): ValueClass[] {
  const classes = new Map<string, FrameworkName[]>();
  observed.forEach(({ values }, index) => {
    const value = values[name];
    const members = classes.get(value) ?? [];
    members.push(frameworks[index] as FrameworkName);
    classes.set(value, members);
  });
  return [...classes]
    .map(([value, members]) => ({ value, frameworks: members }))
    .sort((a, b) => b.frameworks.length - a.frameworks.length);
}

/** `text` on one line (line breaks and other control characters escaped), cut after `max` characters. */
function short(text: string, max = 160): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped here
  const line = text.replace(/[\u0000-\u001f]/g, (c) => JSON.stringify(c).slice(1, -1));
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** The JSON pointers (arrays' indices as `*`, at most 3 deep) at which `a` and `b` differ. */
function differingPointers(a: unknown, b: unknown, at = '', depth = 0): string[] {
  if (isDeepStrictEqual(a, b)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (depth < 3 && isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) => differingPointers(a[key], b[key], `${at}/${key}`, depth + 1));
  }
  if (depth < 3 && Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    return [...new Set(a.flatMap((item, index) => differingPointers(item, b[index], `${at}/*`, depth + 1)))];
  }
  return [at === '' ? '(whole body)' : at];
}

/** The value at a pointer of {@link differingPointers} (`*` takes the first differing index), for showing. */
function valueAt(json: unknown, pointer: string): unknown {
  if (pointer === '(whole body)') return json;
  let value: unknown = json;
  for (const key of pointer.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = key === '*' && Array.isArray(value) ? value[0] : (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * `415 (express, hono, node) vs 400 (fastify)` (`[express, hono, node] vs [fastify]` when `show` gives nothing), with
 * `— fastify differs` when one framework stands alone.
 */
function partition(classes: readonly ValueClass[], show: (value: string) => string): string {
  const text = classes
    .map(({ value, frameworks: members }) => {
      const shown = show(value);
      return shown === '' ? `[${members.join(', ')}]` : `${shown} (${members.join(', ')})`;
    })
    .join(' vs ');
  const alone = classes.length === 2 && classes[1]?.frameworks.length === 1 ? classes[1].frameworks[0] : null;
  return alone === null ? text : `${text} — ${alone} differs`;
}

/** The `rel`s of a normalized Link value: what a Link disagreement is grouped by. */
function rels(link: string): string {
  if (link === none) return 'no Link';
  const found = [...link.matchAll(/rel=([^;,\s]+)/g)].map((match) => match[1]);
  return `rel ${[...new Set(found)].sort().join('+')}`;
}

/** The fields whose disagreement is, first, one of presence (see {@link compare}). */
const byPresence: readonly Field[] = [
  'content-language',
  'link',
  'deprecation',
  'sunset',
  'allow',
  'api-supported-versions',
  'api-deprecated-versions',
];

/** The classes of `classes` merged by `label` of their values, the largest first. */
function merged(classes: readonly ValueClass[], label: (value: string) => string): ValueClass[] {
  const byLabel = new Map<string, FrameworkName[]>();
  for (const { value, frameworks: members } of classes) {
    byLabel.set(label(value), [...(byLabel.get(label(value)) ?? []), ...members]);
  }
  return [...byLabel]
    .map(([value, members]) => ({ value, frameworks: members }))
    .sort((a, b) => b.frameworks.length - a.frameworks.length);
}

/** One request whose answers disagree, and on what. */
export interface Disagreement {
  readonly request: DiffRequest;
  readonly answers: readonly Answer[];
  readonly observed: readonly Observed[];
  /** The fields that differ. */
  readonly differing: readonly Field[];
  /**
   * The kind of the disagreement, what the grouping goes by: a line per differing field, but for the Content-Type's
   * parameters when more differs (a difference of its own, grouped alone, that would split every other kind).
   */
  readonly kind: string;
}

/** The disagreement of the four answers to `request`, or `null` when they agree. */
export function compare(request: DiffRequest, answers: readonly Answer[]): Disagreement | null {
  const observed = answers.map(observe);
  const differing = fields.filter((name) => new Set(observed.map(({ values }) => values[name])).size > 1);
  if (differing.length === 0) return null;
  const grouped =
    differing.length > 1 ? differing.filter((name) => name !== 'content-type parameters') : differing;
  const lines = grouped.map((name) => {
    const classes = classesOf(observed, name);
    if (name === 'body') return `body: ${bodyKind(classes, observed)}`;
    if (byPresence.includes(name)) {
      // Present on some, absent on others: that is the kind, whatever the values (they follow the version, the
      // language, the route); else the values (a Link by its rels).
      const presence = merged(classes, (value) => (value === none ? none : 'present'));
      if (presence.length > 1) return `${name}: ${partition(presence, (value) => value)}`;
      if (name === 'link') {
        const byRels = merged(classes, rels);
        if (byRels.length > 1) return `link: ${partition(byRels, (value) => value)}`;
        return `link: targets or parameters differ, ${partition(classes, () => '')}`;
      }
    }
    return `${name}: ${partition(classes, (value) => short(value, 60))}`;
  });
  return { request, answers, observed, differing, kind: lines.join('\n') };
}

/** What a body is, in a word: its problem `code`, or JSON without one, or text. */
function bodyLabel({ json, values }: Observed): string {
  if (json === undefined) return values.body === '(empty)' ? 'empty' : 'text';
  const code = typeof json === 'object' && json !== null ? (json as { code?: unknown }).code : undefined;
  return code === undefined ? 'JSON without code' : `code ${JSON.stringify(code)}`;
}

/**
 * A body disagreement by what the bodies are (problem codes, JSON, text) when that differs, else by the JSON pointers
 * at which they differ.
 */
function bodyKind(classes: readonly ValueClass[], observed: readonly Observed[]): string {
  const representative = ({ frameworks: members }: ValueClass): Observed =>
    observed[frameworks.indexOf(members[0] as FrameworkName)] as Observed;
  const byLabel = new Map(classes.map((entry) => [entry.value, bodyLabel(representative(entry))]));
  const labels = merged(classes, (value) => byLabel.get(value) ?? '');
  if (labels.length > 1) return partition(labels, (value) => value);
  const [majority, ...others] = classes.map(representative);
  const pointers = new Set<string>();
  for (const other of others) {
    for (const pointer of differingPointers(majority?.json, other.json)) pointers.add(pointer);
  }
  return `at ${[...pointers].sort().join(', ')}, ${partition(classes, () => '')}`;
}

/** The disagreements of one kind. */
interface Group {
  readonly kind: string;
  readonly members: Disagreement[];
}

/** The request traits every member of a group shares (what the disagreement seems to depend on). */
function commonTraits(members: readonly Disagreement[]): string {
  if (members.length === 1) return '(one request)';
  const shared = dimensions.flatMap((dimension) => {
    const values = new Set(members.map(({ request }) => request.traits[dimension]));
    return values.size === 1 ? [`${dimension}=${[...values][0] ?? ''}`] : [];
  });
  return shared.length === 0 ? '(nothing in common)' : shared.join(', ');
}

const pad = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - text.length));

/** The four answers' values of the fields that differ, side by side when short, a line each when not. */
function sideBySide(disagreement: Disagreement): string[] {
  const { observed, differing } = disagreement;
  const rows: [string, string[]][] = [];
  for (const name of differing) {
    if (name !== 'body') {
      rows.push([name, observed.map(({ values }) => values[name])]);
      continue;
    }
    const [first] = classesOf(observed, 'body');
    const majority = observed[frameworks.indexOf(first?.frameworks[0] as FrameworkName)] as Observed;
    const pointers = new Set<string>();
    for (const other of observed) {
      if (majority.json !== undefined && other.json !== undefined) {
        for (const pointer of differingPointers(majority.json, other.json)) pointers.add(pointer);
      }
    }
    const anyText = observed.some(({ json }) => json === undefined);
    if (anyText || pointers.has('(whole body)'))
      rows.push(['body', observed.map(({ values }) => values.body)]);
    for (const pointer of [...pointers].filter((p) => p !== '(whole body)').sort()) {
      rows.push([
        `body ${pointer}`,
        observed.map(({ json }) => {
          const value = valueAt(json, pointer);
          return value === undefined ? '(absent)' : JSON.stringify(value);
        }),
      ]);
    }
  }
  const lines: string[] = [];
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  for (const [name, values] of rows) {
    if (values.every((value) => short(value).length <= 24)) {
      lines.push(
        `${pad(name, width)}${values.map((value, index) => `${frameworks[index] ?? ''} ${pad(short(value), 24)}`).join(' ')}`.trimEnd(),
      );
    } else {
      values.forEach((value, index) => {
        lines.push(
          `${pad(index === 0 ? name : '', width)}${pad(frameworks[index] ?? '', 8)} ${short(value, 300)}`,
        );
      });
    }
  }
  return lines;
}

/** The grouped report of `disagreements`: one block per kind, the largest first, at most `shown` with an example. */
export function report(disagreements: readonly Disagreement[], shown = 30): string {
  const groups = new Map<string, Group>();
  for (const disagreement of disagreements) {
    const group = groups.get(disagreement.kind) ?? { kind: disagreement.kind, members: [] };
    group.members.push(disagreement);
    groups.set(disagreement.kind, group);
  }
  const sorted = [...groups.values()].sort((a, b) => b.members.length - a.members.length);
  const blocks = sorted.slice(0, shown).map((group, index) => {
    // The example: the request with the smallest body, to read it easily.
    const example = [...group.members].sort(
      (a, b) => (a.request.body?.length ?? 0) - (b.request.body?.length ?? 0),
    )[0] as Disagreement;
    const indent = (text: string, by: string): string =>
      text
        .split('\n')
        .map((line) => by + line)
        .join('\n');
    return [
      `#${index + 1}  ${group.members.length} request(s)`,
      indent(group.kind, '    '),
      `    common to all: ${commonTraits(group.members)}`,
      '    example request:',
      indent(describeRequest(example.request), '      '),
      '    the four answers:',
      indent(sideBySide(example).join('\n'), '      '),
    ].join('\n');
  });
  const rest = sorted.slice(shown);
  if (rest.length > 0) {
    blocks.push(
      [
        `… and ${rest.length} more kind(s):`,
        ...rest.map((group) => `  ${group.members.length}× ${group.kind.replaceAll('\n', ' | ')}`),
      ].join('\n'),
    );
  }
  return [`${disagreements.length} request(s) answered differently, ${groups.size} kind(s):`, ...blocks].join(
    '\n\n',
  );
}
