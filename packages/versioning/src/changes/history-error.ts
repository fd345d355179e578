import { argumentError } from '../internal/arguments.js';

/** The `TypeError` for a mistake in a history, `code` `ERR_VERSIONING_INVALID_HISTORY`. */
export function historyError(message: string): TypeError {
  return argumentError(message, 'ERR_VERSIONING_INVALID_HISTORY');
}
