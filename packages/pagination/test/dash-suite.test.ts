// The Dash suite as built (run `node scripts/build.mjs` first): the bundle on Dash's UMD globals, the
// propTypes against the props' own validation and against metadata.json, metadata.json against the
// sources it is made from, the documentation's Python block against metadata.json, and the package's exports.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import PropTypes from 'prop-types';
import { describe, expect, test } from 'vitest';
import { dashBundles, dashDist, paginationMetadata } from '../../../scripts/build-dash.mjs';
import { markers, pythonSnippet } from '../../../scripts/dash-python.mjs';
import { paginationPropTypes } from '../src/dash/dash-props.js';
import type { PropTypeChecker } from '../src/dash/dash-props.js';
import { Pagination as PaginationDescription } from '../src/index.js';
import { validatePaginationProps } from '../src/pagination.props.js';

const require = createRequire(import.meta.url);
const propNames = PaginationDescription.propNames;
const shipped = JSON.parse(readFileSync(join(dashDist, 'metadata.json'), 'utf8')) as Record<string, unknown>;

/** The one entry of metadata.json, as react-docgen shapes it. */
interface DocgenEntry {
  displayName: string;
  description: string;
  methods: unknown[];
  props: Record<
    string,
    {
      type: { name: string; value?: unknown };
      required: boolean;
      description: string;
      defaultValue?: { value: string; computed: boolean };
    }
  >;
}
const [metadataKey, entry] = Object.entries(shipped)[0] as [string, DocgenEntry];

// What Dash's renderer passes when it checks props (checkPropTypes.js), so prop-types checks for real.
const secret = require('prop-types/lib/ReactPropTypesSecret') as string;
const propTypes = paginationPropTypes(PropTypes);

/** The problems Dash's development tools would report for `props`, one message per failing prop. */
function propTypeErrors(props: Record<string, unknown>): string[] {
  return Object.entries(propTypes as Record<string, PropTypeChecker>).flatMap(([name, check]) => {
    const error = check(props, name, 'Pagination', 'prop', name, secret);
    return error ? [error.message] : [];
  });
}

function contractAccepts(props: Record<string, unknown>): boolean {
  try {
    validatePaginationProps(props);
    return true;
  } catch {
    return false;
  }
}

describe('metadata.json', () => {
  test('is what the sources make it (the shipped file equals a fresh generation)', async () => {
    expect(shipped).toEqual(await paginationMetadata());
  });

  test("has the shape Dash's component generator reads: one Pagination entry, each of the 13 props documented", () => {
    expect(metadataKey).toBe('src/dash/Pagination.ts');
    expect(entry.displayName).toBe('Pagination');
    expect(entry.description).toMatch(/^Bootstrap 5 pagination/);
    expect(Object.keys(entry.props)).toEqual(propNames);
    for (const [name, prop] of Object.entries(entry.props)) {
      expect(prop.description, name).not.toBe('');
      expect(prop.required, name).toBe(name === 'max_value');
    }
    expect(
      Object.fromEntries(
        Object.entries(entry.props).flatMap(([name, prop]) =>
          prop.defaultValue ? [[name, prop.defaultValue]] : [],
        ),
      ),
    ).toEqual({
      active_page: { value: '1', computed: false },
      first_last: { value: 'false', computed: false },
      fully_expanded: { value: 'true', computed: false },
      min_value: { value: '1', computed: false },
      previous_next: { value: 'false', computed: false },
      step: { value: '1', computed: false },
    });
    expect(entry.props['size']?.type).toEqual({
      name: 'enum',
      value: [
        { value: "'sm'", computed: false },
        { value: "'lg'", computed: false },
      ],
    });
    expect(entry.props['loading_state']?.type).toEqual({
      name: 'shape',
      value: {
        component_name: {
          name: 'string',
          required: false,
          description: 'Name of the component that is loading.',
        },
        is_loading: {
          name: 'bool',
          required: false,
          description: 'Whether the component is loading; `true` puts `data-dash-is-loading` on the list.',
        },
        prop_name: { name: 'string', required: false, description: 'Which property is loading.' },
      },
    });
  });
});

/** A value of each react-docgen type, and one of another type. */
const typeSamples: Record<string, { fits: unknown; breaks: unknown }> = {
  string: { fits: 'x', breaks: 3 },
  number: { fits: 2.5, breaks: '2' },
  bool: { fits: true, breaks: 'true' },
  object: { fits: { color: 'red' }, breaks: 'color: red' },
  enum: { fits: 'lg', breaks: 'xl' },
  shape: { fits: { is_loading: true }, breaks: { is_loading: 'yes' } },
};

describe('propTypes', () => {
  test('check exactly the 13 props', () => {
    expect(Object.keys(propTypes)).toEqual(propNames);
  });

  test.each(propNames)('agree with metadata.json on `%s`: its type, and whether it is required', (name) => {
    const prop = entry.props[name]!;
    const sample = typeSamples[prop.type.name]!;
    const base = name === 'max_value' ? {} : { max_value: 10 };
    expect(propTypeErrors({ ...base, [name]: sample.fits })).toEqual([]);
    expect(propTypeErrors({ ...base, [name]: sample.breaks })).toHaveLength(1);
    expect(propTypeErrors({ ...base, [name]: null })).toHaveLength(prop.required ? 1 : 0);
    expect(propTypeErrors({ ...base })).toHaveLength(prop.required ? 1 : 0);
  });

  // Props beside `max_value: 10`: what the props' validation (`new Pagination(…)`) says, and what the
  // propTypes say. PropTypes cannot say "finite", "greater than 0" or "no other keys": those are looser.
  const cases: { name: string; props: Record<string, unknown>; contract: boolean; propTypes: boolean }[] = [
    { name: 'max_value alone', props: {}, contract: true, propTypes: true },
    {
      name: 'every optional prop null',
      props: Object.fromEntries(propNames.filter((name) => name !== 'max_value').map((name) => [name, null])),
      contract: true,
      propTypes: true,
    },
    {
      name: 'every prop set',
      props: {
        id: 'pages',
        active_page: 2.5,
        className: 'a',
        class_name: 'b',
        first_last: true,
        fully_expanded: false,
        loading_state: { component_name: 'Pagination', is_loading: true, prop_name: 'active_page' },
        min_value: 0.5,
        previous_next: true,
        size: 'sm',
        step: 0.5,
        style: { color: 'red', marginBottom: 0 },
      },
      contract: true,
      propTypes: true,
    },
    { name: 'size lg', props: { size: 'lg' }, contract: true, propTypes: true },
    { name: 'size xl', props: { size: 'xl' }, contract: false, propTypes: false },
    { name: 'size SM', props: { size: 'SM' }, contract: false, propTypes: false },
    { name: 'max_value missing', props: { max_value: undefined }, contract: false, propTypes: false },
    { name: 'max_value null', props: { max_value: null }, contract: false, propTypes: false },
    { name: 'max_value a string', props: { max_value: '10' }, contract: false, propTypes: false },
    { name: 'id a number', props: { id: 3 }, contract: false, propTypes: false },
    { name: 'class_name a list', props: { class_name: ['a'] }, contract: false, propTypes: false },
    { name: 'first_last a string', props: { first_last: 'true' }, contract: false, propTypes: false },
    { name: 'fully_expanded 0', props: { fully_expanded: 0 }, contract: false, propTypes: false },
    { name: 'style a string', props: { style: 'color: red' }, contract: false, propTypes: false },
    {
      name: 'is_loading a string',
      props: { loading_state: { is_loading: 'yes' } },
      contract: false,
      propTypes: false,
    },
    { name: 'step 0', props: { step: 0 }, contract: false, propTypes: true },
    { name: 'max_value NaN', props: { max_value: Number.NaN }, contract: false, propTypes: true },
    { name: 'a style value an object', props: { style: { color: {} } }, contract: false, propTypes: true },
    {
      name: 'loading_state with another key',
      props: { loading_state: { other: 1 } },
      contract: false,
      propTypes: true,
    },
    { name: 'a prop that is none of the 13', props: { href: '/' }, contract: false, propTypes: true },
  ];

  test.each(cases)('$name: the props’ validation accepts it: $contract, the propTypes: $propTypes', (c) => {
    const props = { max_value: 10, ...c.props };
    expect(contractAccepts(props)).toBe(c.contract);
    expect(propTypeErrors(props).length === 0).toBe(c.propTypes);
  });

  test('are never stricter than the props’ validation', () => {
    expect(cases.filter((c) => c.contract && !c.propTypes)).toEqual([]);
  });
});

/** A fresh JavaScript realm with Dash's UMD scripts (React, ReactDOM's server renderer, PropTypes) loaded. */
function dashRealm(): Record<string, unknown> {
  const rendererRequire = createRequire(require.resolve('dash-renderer/package.json'));
  const dir = (name: string) => dirname(rendererRequire.resolve(`${name}/package.json`));
  const realm = createContext({ console, TextEncoder, setTimeout, clearTimeout }) as Record<string, unknown>;
  realm['window'] = realm;
  realm['self'] = realm;
  for (const file of [
    join(dir('react'), 'umd', 'react.production.min.js'),
    join(dir('react-dom'), 'umd', 'react-dom-server-legacy.browser.production.min.js'),
    join(dir('prop-types'), 'prop-types.min.js'),
  ])
    runInContext(readFileSync(file, 'utf8'), realm, { filename: file });
  return realm;
}

describe.each(Object.keys(dashBundles))('the bundle %s', (file) => {
  test('loads as a plain script after the UMD globals and defines window.restdash_pagination = { Pagination }, with its propTypes', () => {
    const realm = dashRealm();
    // A classic script: no module syntax, and no `require` in this realm to reach for anything else.
    runInContext(readFileSync(join(dashDist, file), 'utf8'), realm, { filename: file });
    const suite = realm['restdash_pagination'] as { Pagination: { propTypes: object } };
    expect(Object.keys(suite)).toEqual(['Pagination']);
    expect(Object.keys(suite.Pagination.propTypes)).toEqual(propNames);
  });

  test('renders Bootstrap markup, the nav marked while `loading_state.is_loading` (how Dash 2 reports loading)', () => {
    const realm = dashRealm();
    runInContext(readFileSync(join(dashDist, file), 'utf8'), realm, { filename: file });
    const render = (props: object) =>
      runInContext(
        `ReactDOMServer.renderToStaticMarkup(React.createElement(restdash_pagination.Pagination, ${JSON.stringify(props)}))`,
        realm,
      ) as string;
    const idle = render({ id: 'p', max_value: 2 });
    expect(idle).toMatch(
      /^<nav aria-label="Pagination"><ul id="p" class="pagination"><li class="page-item active">/,
    );
    expect(idle).not.toContain('data-dash-is-loading');
    expect(render({ id: 'p', max_value: 2, loading_state: { is_loading: true } })).toMatch(
      /^<nav aria-label="Pagination" data-dash-is-loading="true"><ul id="p" class="pagination" data-dash-is-loading="true">/,
    );
  });
});

test("the Dash page's Python block is the one scripts/dash-python.mjs makes from metadata.json", () => {
  const page = readFileSync(new URL('../../../docs/pagination/dash.md', import.meta.url), 'utf8');
  const start = page.indexOf(markers[0]);
  const end = page.indexOf(markers[1]);
  expect(start).toBeGreaterThan(0);
  expect(page.slice(start + markers[0].length, end).trim()).toBe(pythonSnippet(shipped));
});

test('the package exports the bundle and metadata.json', () => {
  expect(require.resolve('@restdash/pagination/dash/restdash_pagination.min.js')).toBe(
    join(dashDist, 'restdash_pagination.min.js'),
  );
  expect(require.resolve('@restdash/pagination/dash/metadata.json')).toBe(join(dashDist, 'metadata.json'));
});
