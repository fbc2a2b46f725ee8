import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DialectSeam } from './db/dialect.js';
import type { Database } from './db/schema.js';
import type { EventBus } from './modules/events/index.js';

export type Clock = () => number;
/** Cryptographic random bytes (crypto.randomBytes in production). */
export type RandomBytes = (size: number) => Buffer;

/** What every module receives: the app's dependencies, all injectable by tests. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectSeam;
  clock: Clock;
  random: RandomBytes;
  /** Live push of committed game events; buildApp creates an in-process bus when absent. */
  events?: EventBus;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export const isoAt = (ms: number): string => new Date(ms).toISOString();
