import { internalsOf, VersionHistory } from '../changes/history.js';
import { olderSchemaNames, type OlderName } from '../changes/schema-names.js';
import { historyError } from '../changes/history-error.js';
import { defName, type Direction, type JsonSchemaObject, type Schema } from '../changes/schema.js';
import { argumentError } from '../internal/arguments.js';
import type { SchemaObject } from './openapi.types.js';

/** Where a document keeps its named schemas. */
const componentsRef = '#/components/schemas/';

/** What OpenAPI 3.1 allows as the name of a component. */
const componentName = /^[A-Za-z0-9._-]+$/;

/** A history of one version, for schemas documented without `changes`: they are as written. */
let asWritten: VersionHistory | undefined;

/** The route and place a schema was met at, for errors. */
export interface SchemaSite {
  readonly where: string;
  readonly direction: Direction;
}

/** The history version a route's schemas are documented in, and the history that derives them. */
export interface SchemaVersion {
  readonly history: VersionHistory;
  /** A version of {@link history}. */
  readonly version: string;
}

/** `schema` as written, in the only version of a history that has no changes. */
export function writtenVersion(): SchemaVersion {
  asWritten ??= new VersionHistory(['as-written'], {});
  return { history: asWritten, version: 'as-written' };
}

function isObject(value: unknown): value is JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `node` with every `#/$defs/<name>` reference pointed at `components.schemas`, under the name `rename` gives. */
function rewrite(node: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, rename));
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      const name = defName(value);
      out[key] = name === null ? value : `${componentsRef}${rename(name)}`;
    } else {
      Object.defineProperty(out, key, {
        value: rewrite(value, rename),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out;
}

/** The name of the request side of a schema named `name` whose two sides differ: `UserInput` stays `UserInput`. */
function inputName(name: string): string {
  return name.endsWith('Input') ? name : `${name}Input`;
}

/** Which schema a component is, and under which name of the history's. */
interface ComponentOrigin {
  /** The schema's current (newest) name. */
  readonly name: string;
  readonly direction: Direction;
  /** The rename that names it otherwise in this document's version, if one does. */
  readonly renamed: OlderName | null;
}

interface Component {
  readonly text: string;
  readonly schema: SchemaObject;
  readonly site: SchemaSite;
  readonly origin: ComponentOrigin;
}

/**
 * Throws the `TypeError` for two schemas that one document would name `name`. A rename onto a name in use is a
 * mistake of the history (`ERR_VERSIONING_INVALID_HISTORY`), refused here, where the version's document knows every
 * schema of that version; two schemas named alike without one (a schema named `<Name>Input` beside `<Name>`'s
 * differing request side) may share the component when their JSON Schemas are the same.
 */
function clash(name: string, added: Component, known: Component): void {
  const renamed = [added, known].find(({ origin }) => origin.renamed !== null);
  if (renamed?.origin.renamed) {
    const other = renamed === added ? known : added;
    const { name: current } = renamed.origin;
    throw historyError(
      `${added.site.where}: schema(${current}).renamedFrom(${JSON.stringify(renamed.origin.renamed.name)}) in version ${JSON.stringify(renamed.origin.renamed.renamedIn)} names its component ${JSON.stringify(name)} in this document, the name of the schema ${JSON.stringify(other.origin.name)} (${other.origin.direction} schema of ${other.site.where.replace(/^.*?: /, '')}); a schema cannot be renamed onto a name another schema has in that version`,
    );
  }
  if (added.text === known.text) return;
  throw argumentError(
    `${added.site.where}: its ${added.site.direction} schema has the schema ${JSON.stringify(added.origin.name)}, documented as ${JSON.stringify(name)}, the name of the schema ${JSON.stringify(known.origin.name)} in the ${known.site.direction} schema of ${known.site.where.replace(/^.*?: /, '')}; give one of them another name`,
    'ERR_VERSIONING_INVALID_SCHEMA',
  );
}

/**
 * The schemas of one document: the named ones collected under `components.schemas` by the name they have in the
 * document's version (`schema(S).renamedFrom(old)` names them `old` in older versions; the request side of a named
 * schema as `<Name>Input` where it differs from its response side, as zod's input and output JSON Schemas do, and
 * a name that ends in `Input` already as it is), each route's body schema a `$ref` to its component, or inline when
 * unnamed.
 */
export class DocumentSchemas {
  readonly #components = new Map<string, Component>();
  readonly #names = new Map<VersionHistory, Map<string, ReadonlyMap<string, OlderName>>>();

  /** The older names of `at`'s schemas, worked out once per history and version. */
  #olderNames(at: SchemaVersion): ReadonlyMap<string, OlderName> {
    let byVersion = this.#names.get(at.history);
    if (byVersion === undefined) {
      byVersion = new Map<string, ReadonlyMap<string, OlderName>>();
      this.#names.set(at.history, byVersion);
    }
    let names = byVersion.get(at.version);
    if (names === undefined) {
      const internals = internalsOf(at.history, 'openapi(urlconf, options)');
      names = olderSchemaNames(internals, internals.indexOf(at.version, 'openapi(urlconf, options)'));
      byVersion.set(at.version, names);
    }
    return names;
  }

  /**
   * The schema of a body: `schema` (written for the newest version) as `at.version` of `at.history` has it, from
   * the client's side of `site.direction`. Named schemas go into the components; a `TypeError` when one has a name
   * OpenAPI cannot use, or when two different schemas of one document share a name. `documented` is the document's
   * own version when `at` is another (a version-neutral route, served as the newest, in an older version's
   * document): a named schema whose shape differs between the two is named `<Name>.<at.version>` here, so that
   * `<Name>` stays the document's version's.
   */
  body(
    schema: Schema,
    at: SchemaVersion,
    site: SchemaSite,
    documented: SchemaVersion | null = null,
  ): SchemaObject {
    const defsOf = (version: SchemaVersion, direction: Direction): Record<string, unknown> => {
      const found = version.history.schemaFor(schema, version.version, direction).$defs;
      return isObject(found) ? found : {};
    };
    const json = at.history.schemaFor(schema, at.version, site.direction);
    const defs = isObject(json.$defs) ? json.$defs : {};
    // The response side of the same schemas, to see which named ones read differently on the way in.
    const other = site.direction === 'request' ? defsOf(at, 'response') : {};
    const inDocument = documented === null ? {} : defsOf(documented, site.direction);
    const renamed = new Map<string, { readonly name: string; readonly origin: ComponentOrigin }>();
    for (const [name, def] of Object.entries(defs)) {
      const text = JSON.stringify(def);
      const differs = (from: unknown): boolean => from !== undefined && JSON.stringify(from) !== text;
      // A shape the document's version has is named as that version names it; another (the newest's, in an older
      // version's document) as the version it is from names it, with that version after a dot.
      const newer = differs(inDocument[name]);
      const older = this.#olderNames(newer ? at : (documented ?? at)).get(name) ?? null;
      const base = older?.name ?? name;
      const side = differs(other[name]) ? inputName(base) : base;
      renamed.set(name, {
        name: newer ? `${side}.${at.version}` : side,
        origin: { name, direction: site.direction, renamed: older },
      });
    }
    const rename = (name: string): string => renamed.get(name)?.name ?? name;
    for (const [name, def] of Object.entries(defs)) {
      const { name: component, origin } = renamed.get(name) as { name: string; origin: ComponentOrigin };
      this.#add(component, rewrite(def, rename) as SchemaObject, site, origin);
    }
    const { $schema: _schema, $defs: _defs, ...root } = json;
    return rewrite(root, rename) as SchemaObject;
  }

  #add(name: string, schema: SchemaObject, site: SchemaSite, origin: ComponentOrigin): void {
    if (!componentName.test(name)) {
      throw argumentError(
        `${site.where}: its ${site.direction} schema names a schema ${JSON.stringify(name)}, which OpenAPI cannot use as a component name (letters, digits, ".", "-" and "_" only); rename it`,
        'ERR_VERSIONING_INVALID_SCHEMA',
      );
    }
    const text = JSON.stringify(schema);
    const known = this.#components.get(name);
    if (known === undefined) {
      this.#components.set(name, { text, schema, site, origin });
      return;
    }
    if (known.origin.name !== origin.name) {
      clash(name, { text, schema, site, origin }, known);
      return;
    }
    if (known.text !== text && known.origin.direction !== origin.direction) {
      throw argumentError(
        `${site.where}: its ${site.direction} schema has the schema named ${JSON.stringify(origin.name)}, whose request and response sides differ and are both documented, the ${known.site.direction} side by ${known.site.where.replace(/^.*?: /, '')}; a name that ends in "Input" is its request side's, so give the schema another name`,
        'ERR_VERSIONING_INVALID_SCHEMA',
      );
    }
    if (known.text !== text) {
      throw argumentError(
        `${site.where}: its ${site.direction} schema has a schema named ${JSON.stringify(name)} that differs from the one of the same name in the ${known.site.direction} schema of ${known.site.where.replace(/^.*?: /, '')}; give different schemas different names`,
        'ERR_VERSIONING_INVALID_SCHEMA',
      );
    }
  }

  /** `schema`, or the component it is a `$ref` to when this document has it. */
  resolve(schema: SchemaObject): SchemaObject {
    if (typeof schema !== 'object') return schema;
    const ref = schema['$ref'];
    if (typeof ref !== 'string' || !ref.startsWith(componentsRef)) return schema;
    return this.#components.get(ref.slice(componentsRef.length))?.schema ?? schema;
  }

  /** The named schemas met so far, by name in alphabetical order. */
  components(): Record<string, SchemaObject> {
    const names = [...this.#components.keys()].sort();
    return Object.fromEntries(
      names.map((name) => [name, (this.#components.get(name) as { schema: SchemaObject }).schema]),
    );
  }
}
