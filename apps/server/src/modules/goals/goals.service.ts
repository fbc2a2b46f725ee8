import {
  claimGoal,
  evaluateGoals,
  forecastQueueing,
  forecastWaitingLevels,
  idleAlerts,
  nextGoal,
  type AccountState,
  type GoalFacts,
  type GoalStatus,
  type LevelForecast,
} from '@starhold/rules';
import type { Goal, IdleAlert, QueueForecast, QueueForecastBody } from '@starhold/contract';
import type { Kysely } from 'kysely';
import { isoAt } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { DomainError, refusalError } from '../../errors.js';
import { focusPlanet, readAccount, withAccount, type EconomyDeps } from '../economy/index.js';
import {
  claimedGoalIds,
  claimsAndSpyReportCount,
  insertClaim,
  planetNamesById,
  spyReportCount,
} from './goals.repository.js';

function toGoal(status: GoalStatus, next: GoalStatus | null): Goal {
  const { goal, progress, state } = status;
  return {
    id: goal.id,
    key: goal.key,
    state,
    done: progress.done,
    claimed: state === 'claimed',
    next: next?.goal.id === goal.id,
    progress: { current: progress.current, target: progress.target },
    reward: { ...goal.reward },
    link: { screen: goal.link.screen, module_id: goal.link.moduleId },
  };
}

function toGoals(statuses: GoalStatus[]): Goal[] {
  const next = nextGoal(statuses);
  return statuses.map((status) => toGoal(status, next));
}

async function factsOf(db: Kysely<Database>, accountId: number): Promise<GoalFacts> {
  return { spyReports: await spyReportCount(db, accountId) };
}

function toForecast(forecast: LevelForecast, itemId: number | null): QueueForecast {
  return {
    item_id: itemId,
    planet_id: forecast.planetId,
    type_id: forecast.typeId,
    module_id: forecast.moduleId,
    target_level: forecast.targetLevel,
    starts_at: forecast.startsAt === null ? null : isoAt(forecast.startsAt),
    drop_reason: forecast.dropReason,
    drops_at: forecast.dropsAt === null ? null : isoAt(forecast.dropsAt),
    shortfall: forecast.shortfall === null ? null : { ...forecast.shortfall },
  };
}

function planetIndex(state: AccountState, planetId: number): number {
  return state.planets.findIndex((planet) => planet.id === planetId);
}

export function createGoalsService(deps: EconomyDeps) {
  return {
    /** On the read path: the settled state, the claims and the spy reports, no lock. */
    list(accountId: number, now: number): Promise<Goal[]> {
      return readAccount(deps, accountId, now, async ({ trx, state }) => {
        const { claimed, spyReports } = await claimsAndSpyReportCount(trx, accountId);
        return toGoals(evaluateGoals(state, { spyReports }, claimed));
      });
    },

    /**
     * In the account's transaction: the claims are read under its lock, the reward credited to
     * the focus planet (and the NMI to the account) and the claim row written with the state, so
     * two claims at once credit once; the claim's primary key holds even without the lock.
     */
    claim(accountId: number, now: number, goalId: number): Promise<Goal> {
      return withAccount(deps, accountId, now, async (ctx) => {
        const { trx, state, now: at } = ctx;
        const [claimed, facts] = await Promise.all([claimedGoalIds(trx, accountId), factsOf(trx, accountId)]);
        const focus = await focusPlanet(ctx);
        const outcome = claimGoal(state, goalId, facts, claimed, planetIndex(state, focus.id));
        if (!outcome.ok) {
          throw new DomainError(outcome.reason === 'UNKNOWN_GOAL' ? 'NOT_FOUND' : outcome.reason, {
            message: outcome.message,
          });
        }
        try {
          await insertClaim(trx, accountId, goalId, at);
        } catch (error) {
          if (deps.database.dialect.uniqueViolation(error) !== null)
            throw new DomainError('GOAL_ALREADY_CLAIMED');
          throw error;
        }
        const after = outcome.value.state;
        const statuses = evaluateGoals(after, facts, new Set([...claimed, goalId]));
        const status = statuses.find((entry) => entry.goal.id === goalId);
        if (status === undefined) throw new Error(`goal ${goalId} claimed but not evaluated`);
        return { state: after, result: toGoal(status, nextGoal(statuses)) };
      });
    },

    /** The bell's idle alerts (decision 199), on the read path. */
    alerts(accountId: number, now: number): Promise<IdleAlert[]> {
      return readAccount(deps, accountId, now, async ({ trx, state, now: at, config }) => {
        const alerts = idleAlerts(state, at, config);
        const names = alerts.some((alert) => alert.kind !== 'research_idle')
          ? await planetNamesById(trx, accountId)
          : new Map<number, string>();
        return alerts.map((alert): IdleAlert => {
          if (alert.kind === 'research_idle') return { kind: 'research_idle' };
          const planet = {
            planet_id: alert.planetId,
            planet_index: Math.max(0, planetIndex(state, alert.planetId)),
            planet_name: names.get(alert.planetId) ?? '',
          };
          return alert.kind === 'storage_full'
            ? { kind: 'storage_full', ...planet, resource_id: alert.resourceId, full_at: isoAt(alert.fullAt) }
            : { kind: 'queue_empty', ...planet };
        });
      });
    },

    /** The forecast of every waiting level of the account (decision 200), on the read path. */
    forecasts(accountId: number, now: number): Promise<QueueForecast[]> {
      return readAccount(deps, accountId, now, ({ state, now: at, config }) =>
        forecastWaitingLevels(state, at, config).map((forecast) => toForecast(forecast, forecast.itemId)),
      );
    },

    /** What queuing one more level on the focus planet would lead to; queues nothing. */
    forecastQueueing(accountId: number, now: number, body: QueueForecastBody): Promise<QueueForecast> {
      return readAccount(deps, accountId, now, async (ctx) => {
        const planet = await focusPlanet(ctx);
        const outcome = forecastQueueing(
          ctx.state,
          planet.id,
          body.type_id,
          body.module_id,
          ctx.now,
          ctx.config,
        );
        if (!outcome.ok) throw refusalError(outcome);
        return toForecast(outcome.value, null);
      });
    },
  };
}
