import { describe } from 'vitest';
import { harness } from './nest-express.harness.js';
import { nestContract } from './nest.contract.js';

describe('nest adapter on platform-express', () => {
  nestContract(harness);
});
