import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { main } from './nest-fastify.example.js';
import type { NestHarness } from './nest.harness.js';

// Quiet: the tests' servers start and stop many times.
Logger.overrideLogger(false);

export const harness: NestHarness = {
  platform: 'fastify',
  example: main,
  create: (module) => NestFactory.create(module, new FastifyAdapter()),
};
