// Child process: client-side render of both components in jsdom. Runs apart from the parent because
// react-dom and the components decide at import time whether a DOM exists.
import { JSDOM } from 'jsdom';

const { window } = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>');
// Only what react-dom reads from globals; Node's own Event and EventTarget stay (tinybench uses them).
for (const key of ['window', 'document', 'navigator']) {
  Object.defineProperty(globalThis, key, {
    value: key === 'window' ? window : window[key],
    configurable: true,
  });
}

const settings = JSON.parse(process.argv[2]);
const { flushSync } = await import('react-dom');
const { createRoot } = await import('react-dom/client');
const { opsPerSecond } = await import('../lib/ops.mjs');
const { dbc, ours, PROPS } = await import('./components.mjs');

function freshRoot() {
  const container = window.document.createElement('div');
  window.document.body.append(container);
  return { container, root: createRoot(container) };
}

function cases(name, element) {
  const updated = freshRoot();
  const mounted = freshRoot();
  let page = PROPS.active_page;
  return [
    {
      name: `${name}, client update (active page changes)`,
      fn: () => {
        page = page === PROPS.active_page ? PROPS.active_page + 1 : PROPS.active_page;
        flushSync(() => updated.root.render(element({ ...PROPS, active_page: page })));
        return updated.container.firstChild;
      },
    },
    {
      name: `${name}, client mount + unmount`,
      fn: () => {
        flushSync(() => mounted.root.render(element(PROPS)));
        flushSync(() => mounted.root.render(null));
        return mounted.container.firstChild;
      },
    },
  ];
}

const ops = await opsPerSecond(
  [...cases('ours', ours), ...cases('dbc', dbc)],
  settings,
  'pagination: client render (jsdom)',
);
process.send({ type: 'ready', ops: [...ops] });
process.on('message', (message) => {
  if (message.type === 'stop') process.exit(0);
});
