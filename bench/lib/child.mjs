// Runs a bench script in a child process (its own event loop and core) and talks to it over IPC.
import { fork } from 'node:child_process';

/**
 * Forks `script` with `args` and resolves once it sends `{ type: 'ready', ... }`.
 * `ask(type)` sends `{ type }` and resolves with the child's next message of that type;
 * `stop()` asks the child to close and resolves when it has exited.
 */
export function startChild(script, args = [], { execArgv = [] } = {}) {
  const child = fork(script, args, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map();
  let exited = null;
  child.on('message', (message) => {
    waiting.get(message.type)?.resolve(message);
    waiting.delete(message.type);
  });
  child.on('exit', (code, signal) => {
    exited = new Error(`${script} ${args.join(' ')} exited (code ${code}, signal ${signal})`);
    for (const { reject } of waiting.values()) reject(exited);
    waiting.clear();
  });
  const ask = (type, payload = {}) =>
    new Promise((resolve, reject) => {
      if (exited) return reject(exited);
      waiting.set(type, { resolve, reject });
      if (type !== 'ready') child.send({ type, ...payload });
    });
  const stop = () =>
    new Promise((resolve) => {
      if (exited) return resolve();
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
    });
  return ask('ready').then((ready) => ({ ready, ask, stop, pid: child.pid }));
}
