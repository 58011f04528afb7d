import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof HealthSchema>;

export const getHealth = defineEndpoint({
  name: 'getHealth',
  method: 'GET',
  path: '/health',
  tag: 'system',
  summary:
    'Whether the server and its database answer; 503 with Retry-After while the database cannot be reached',
  auth: 'none',
  result: HealthSchema,
});
