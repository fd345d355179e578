import { describe } from 'vitest';
import { checkResponsesContract } from './check-responses.contract.js';
import { serialisedContract } from './serialised.contract.js';
import { bodiesContract } from './bodies.contract.js';
import { bodies } from './hono.harness.js';

describe('hono: request and response schemas', () => {
  bodiesContract(bodies);
  checkResponsesContract(bodies);
  serialisedContract(bodies);
});
