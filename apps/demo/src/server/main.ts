// `npm start`: parses the command line, starts the demo server and prints its URL.
import { parseCommandLine, usage, UsageError } from './command-line.js';
import { apiDocsPath } from '../shared/api.js';
import { docsSitePath } from '../shared/docs-site.js';
import { createServer } from './server.js';

let options;
try {
  options = parseCommandLine(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`restdash demo: ${error.message}\n\n${usage}`);
  process.exit(1);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}

const server = await createServer(options);
try {
  await server.listen();
} catch (error) {
  console.error(`restdash demo: cannot listen on ${options.host}:${options.port}: ${String(error)}`);
  process.exit(1);
}
const on = options.framework === 'fastify' ? '' : `, framework: ${options.framework}`;
console.log(`restdash demo: ${server.url} (scheme: ${options.scheme}${on})`);
for (const hint of server.hints) console.log(`  ${hint}`);
console.log(`  API reference (OpenAPI, per version): ${new URL(apiDocsPath, server.url).href}`);
console.log(`  Documentation (guide and TypeScript API): ${new URL(docsSitePath, server.url).href}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
