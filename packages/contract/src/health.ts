import { z } from 'zod';
import { envelope } from './common.js';

export const healthResponseSchema = envelope(z.object({ status: z.literal('ok'), version: z.string() }));
export type HealthResponse = z.infer<typeof healthResponseSchema>;
