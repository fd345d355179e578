import { describe } from 'vitest';
import { harness } from './nest-fastify.harness.js';
import { nestContract } from './nest.contract.js';

describe('nest adapter on platform-fastify', () => {
  nestContract(harness);
});
