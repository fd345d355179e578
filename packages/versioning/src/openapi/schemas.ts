import { VersionHistory } from '../changes/history.js';
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

/**
 * The schemas of one document: the named ones collected under `components.schemas` by name (the request side of a
 * named schema as `<Name>Input` where it differs from its response side, as zod's input and output JSON Schemas
 * do), each route's body schema a `$ref` to its component, or inline when unnamed.
 */
export class DocumentSchemas {
  readonly #components = new Map<
    string,
    { readonly text: string; readonly schema: SchemaObject; readonly site: SchemaSite }
  >();

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
    const renamed = new Map<string, string>();
    for (const [name, def] of Object.entries(defs)) {
      const text = JSON.stringify(def);
      const differs = (from: unknown): boolean => from !== undefined && JSON.stringify(from) !== text;
      const side = differs(other[name]) ? `${name}Input` : name;
      renamed.set(name, differs(inDocument[name]) ? `${side}.${at.version}` : side);
    }
    const rename = (name: string): string => renamed.get(name) ?? name;
    for (const [name, def] of Object.entries(defs))
      this.#add(rename(name), rewrite(def, rename) as SchemaObject, site);
    const { $schema: _schema, $defs: _defs, ...root } = json;
    return rewrite(root, rename) as SchemaObject;
  }

  #add(name: string, schema: SchemaObject, site: SchemaSite): void {
    if (!componentName.test(name)) {
      throw argumentError(
        `${site.where}: its ${site.direction} schema names a schema ${JSON.stringify(name)}, which OpenAPI cannot use as a component name (letters, digits, ".", "-" and "_" only); rename it`,
        'ERR_VERSIONING_INVALID_SCHEMA',
      );
    }
    const text = JSON.stringify(schema);
    const known = this.#components.get(name);
    if (known === undefined) {
      this.#components.set(name, { text, schema, site });
      return;
    }
    if (known.text !== text) {
      throw argumentError(
        `${site.where}: its ${site.direction} schema has a schema named ${JSON.stringify(name)} that differs from the one of the same name in the ${known.site.direction} schema of ${known.site.where.replace(/^.*?: /, '')}; give different schemas different names`,
        'ERR_VERSIONING_INVALID_SCHEMA',
      );
    }
  }

  /** The named schemas met so far, by name in alphabetical order. */
  components(): Record<string, SchemaObject> {
    const names = [...this.#components.keys()].sort();
    return Object.fromEntries(
      names.map((name) => [name, (this.#components.get(name) as { schema: SchemaObject }).schema]),
    );
  }
}
