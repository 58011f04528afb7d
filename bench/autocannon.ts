import { createRequire } from 'node:module';

/** What the benches read of an autocannon run. */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface AutocannonOptions {
  url: string;
  connections: number;
  /** Seconds to run, or… */
  duration?: number;
  /** …how many requests to send. */
  amount?: number;
  workers?: number;
  requests?: { path: string }[];
}

/** autocannon is CommonJS and ships no types: loaded with require, typed as the benches use it. */
export const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;
