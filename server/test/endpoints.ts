import type { Endpoint } from '#contract';
import * as contract from '#contract';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'result' in value;

/** Every /api/v1 call the contract declares, for the tests that cover them all at once. */
export const CONTRACT_ENDPOINTS: Endpoint[] = (Object.values(contract) as unknown[]).filter(
  isEndpoint,
);
