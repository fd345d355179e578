import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { main } from './nest-express.example.js';
import type { NestHarness } from './nest.harness.js';

// Quiet: the tests' servers start and stop many times.
Logger.overrideLogger(false);

export const harness: NestHarness = {
  platform: 'express',
  example: main,
  create: (module) => NestFactory.create(module, new ExpressAdapter()),
};
