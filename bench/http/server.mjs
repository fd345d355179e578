// Child process: serves one variant on 127.0.0.1 and answers the parent over IPC
// (`ready` with the port, `memory` with RSS and heap, `cpu` with the process's CPU time so far, `stop`).
// Usage: node http/server.mjs <express|fastify|hono|node> <variant>
const [framework, variant] = process.argv.slice(2);
const { start } = await import(`./apps/${framework}.mjs`);
const port = await start(variant);

function memory() {
  // With --expose-gc (soak) the numbers say what is still reachable, not what awaits collection.
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

process.on('message', (message) => {
  if (message.type === 'memory') process.send({ type: 'memory', ...memory() });
  if (message.type === 'rss') process.send({ type: 'rss', rss: process.memoryUsage.rss() });
  // User + system time of every thread of this process (GC and libuv's pool included), in µs.
  if (message.type === 'cpu') process.send({ type: 'cpu', ...process.cpuUsage() });
  if (message.type === 'stop') process.exit(0);
});
// Never outlive the parent, even when it crashes.
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready', port, ...memory() });
