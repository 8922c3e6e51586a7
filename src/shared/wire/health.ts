/** /health and /ready, for load balancers and orchestrators (docs/operations.md). */

import { z } from 'zod';

export const liveness = z.object({ status: z.literal('ok') });
/** /ready answers this envelope with success false and status 503 when the process cannot serve players. */
export const readiness = z.object({
  success: z.boolean(),
  data: z.object({
    status: z.enum(['ready', 'not ready']),
    database: z.boolean(),
    bus: z.boolean(),
    role: z.string(),
    leading: z.boolean(),
  }),
});
