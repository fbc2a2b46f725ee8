import { COMMANDANTS, unlockCommandant, type AccountState, type CommandantDef } from '@starhold/rules';
import type {
  CommandantAvailability,
  CommandantDurationCode,
  UnlockCommandantResult,
} from '@starhold/contract';
import { isoAt } from '../../context.js';
import { refusalError } from '../../errors.js';
import { insertEmails, readAccount, withAccount, type EconomyDeps } from '../economy/index.js';

function availability(def: CommandantDef, state: AccountState, now: number): CommandantAvailability {
  const until = state.commandants[def.id];
  return {
    commandant: {
      id: def.id,
      name: def.key,
      nmi_daily: def.nmi[1],
      nmi_weekly: def.nmi[2],
      nmi_monthly: def.nmi[3],
      nmi_yearly: def.nmi[4],
    },
    // Same boundary as the rules engine: active while now < available_until.
    available: until !== undefined && now < until,
    available_until: until === undefined ? null : isoAt(until),
  };
}

export function createCommandantsService(deps: EconomyDeps) {
  return {
    /**
     * On the read path: no lock unless an expiry fell due, which readAccount then settles (and
     * writes its email) in the account's transaction.
     */
    list(accountId: number, now: number): Promise<CommandantAvailability[]> {
      return readAccount(deps, accountId, now, ({ state, now: at }) =>
        COMMANDANTS.map((def) => availability(def, state, at)),
      );
    },

    /** Pays and extends in the account's transaction; a refusal throws before anything is saved. */
    async unlock(
      accountId: number,
      now: number,
      commandantId: number,
      time: CommandantDurationCode,
    ): Promise<UnlockCommandantResult> {
      return withAccount(deps, accountId, now, async ({ trx, state, now: at, config }) => {
        const outcome = unlockCommandant(state, commandantId, time, at, config);
        if (!outcome.ok) throw refusalError(outcome);
        const def = COMMANDANTS.find((candidate) => candidate.id === commandantId);
        if (def === undefined)
          throw new Error(`commandant ${commandantId} unlocked but not in the catalogue`);
        const after = outcome.value.state;
        const result = { ...availability(def, after, at), nmi: after.nmi };
        await insertEmails(trx, accountId, [
          {
            title: 'commandant_unlocked',
            at,
            params: {
              commandant: { id: def.id, key: def.key },
              time,
              available_until: result.available_until,
              nmi_spent: def.nmi[time],
            },
          },
        ]);
        return { state: after, events: outcome.value.events, result };
      });
    },
  };
}
