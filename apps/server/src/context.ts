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

/** Slots of isoAt's cache: a power of two (the slot is the instant's low bits). */
const ISO_SLOTS = 4096;
const isoKeys = new Float64Array(ISO_SLOTS).fill(Number.NaN);
const isoTexts: string[] = new Array<string>(ISO_SLOTS).fill('');

/**
 * `new Date(ms).toISOString()`, the server's one ISO writer. The same instants are written again
 * and again (a queue's times in every answer of its screens, a state's times in each save's row
 * comparison), so the last text of each of 4,096 slots, chosen by the instant's low bits, is kept:
 * a hit costs a comparison instead of a Date and its formatting. An instant toISOString rejects
 * (NaN, out of range) never fills a slot (NaN equals nothing), so it throws as before.
 */
export const isoAt = (ms: number): string => {
  const slot = ms & (ISO_SLOTS - 1);
  if (isoKeys[slot] === ms) return isoTexts[slot] as string;
  const text = new Date(ms).toISOString();
  isoKeys[slot] = ms;
  isoTexts[slot] = text;
  return text;
};
