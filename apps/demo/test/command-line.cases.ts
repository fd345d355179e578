import type { CommandLine } from '../src/server/command-line.js';

type Env = Readonly<Record<string, string | undefined>>;

export const validCommandLines: readonly { argv: string[]; env: Env; expected: CommandLine }[] = [
  {
    argv: [],
    env: {},
    expected: { framework: 'fastify', scheme: 'url-path', port: 3000, host: '127.0.0.1', help: false },
  },
  {
    argv: [],
    env: { PORT: '8080' },
    expected: { framework: 'fastify', scheme: 'url-path', port: 8080, host: '127.0.0.1', help: false },
  },
  {
    argv: ['--scheme', 'namespace', '--port', '0'],
    env: { PORT: '8080' },
    expected: { framework: 'fastify', scheme: 'namespace', port: 0, host: '127.0.0.1', help: false },
  },
  {
    argv: ['--scheme=accept-header', '--host', '::1'],
    env: { PORT: '' },
    expected: { framework: 'fastify', scheme: 'accept-header', port: 3000, host: '::1', help: false },
  },
  {
    argv: ['--scheme', 'hostname'],
    env: {},
    expected: { framework: 'fastify', scheme: 'hostname', port: 3000, host: '127.0.0.1', help: false },
  },
  {
    argv: ['--scheme', 'query', '-h'],
    env: {},
    expected: { framework: 'fastify', scheme: 'query', port: 3000, host: '127.0.0.1', help: true },
  },
  {
    argv: ['--scheme', 'header'],
    env: {},
    expected: { framework: 'fastify', scheme: 'header', port: 3000, host: '127.0.0.1', help: false },
  },
  {
    argv: ['--scheme=media-type', '--port=0'],
    env: {},
    expected: { framework: 'fastify', scheme: 'media-type', port: 0, host: '127.0.0.1', help: false },
  },
  {
    argv: ['--scheme', 'composite'],
    env: { PORT: '4000' },
    expected: { framework: 'fastify', scheme: 'composite', port: 4000, host: '127.0.0.1', help: false },
  },
  {
    argv: ['--framework', 'nest', '--scheme', 'header'],
    env: {},
    expected: { framework: 'nest', scheme: 'header', port: 3000, host: '127.0.0.1', help: false },
  },
];

export const invalidCommandLines: readonly { argv: string[]; env: Env; message: string | RegExp }[] = [
  {
    argv: ['--scheme', 'cookie'],
    env: {},
    message:
      'Unknown scheme "cookie": choose one of url-path, namespace, accept-header, hostname, query, header, media-type, composite.',
  },
  {
    argv: ['--port', '70000'],
    env: {},
    message: 'Invalid port "70000" (from --port): expected a number from 0 to 65535.',
  },
  {
    argv: [],
    env: { PORT: 'http' },
    message: 'Invalid port "http" (from PORT): expected a number from 0 to 65535.',
  },
  {
    argv: ['--framework', 'express'],
    env: {},
    message: 'Unknown framework "express": choose one of fastify, nest.',
  },
  {
    argv: ['--framework', 'nest', '--scheme', 'namespace'],
    env: {},
    message: 'The namespace scheme cannot run on Nest',
  },
  { argv: ['--verbose'], env: {}, message: /Unknown option '--verbose'/ },
  { argv: ['serve'], env: {}, message: /Unexpected argument 'serve'/ },
  { argv: ['--scheme'], env: {}, message: /Option '--scheme <value>' argument missing/ },
];
