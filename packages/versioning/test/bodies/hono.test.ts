import { describe } from 'vitest';
import { bodiesContract } from './bodies.contract.js';
import { bodies } from './hono.harness.js';

describe('hono: request and response schemas', () => {
  bodiesContract(bodies);
});
