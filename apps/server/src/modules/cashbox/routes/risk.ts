import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAYMENT_RISK_DEFAULT_STATUS,
  PAYMENT_RISK_STATUS_NAMES,
  paymentRiskDataSchema,
  paymentRiskResponseSchema,
  VIP_STATUS_GROUP_IDS,
  type PaymentRiskData,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { unprocessable } from '../../../platform/errors';
import { requirePlayer, type CurrentPlayer } from '../../identity';
import { listAccounts } from '../../wallet';

/** The VIP status name of a player: the highest VIP group they are in, else `Regular`. */
export function riskStatusOf(groupIds: readonly number[]): string {
  const held = Object.values(VIP_STATUS_GROUP_IDS).filter((id) => groupIds.includes(id));
  const top = held[held.length - 1];
  return top === undefined ? PAYMENT_RISK_DEFAULT_STATUS : PAYMENT_RISK_STATUS_NAMES[top]!;
}

/** The fields of the page's risk data that differ from the casino's record of the player. */
export function riskMismatches(data: PaymentRiskData, player: CurrentPlayer, status: string): string[] {
  const { user } = player;
  const differs = (given: string | undefined, known: string | null) =>
    given !== undefined && known !== null && given.trim().toLowerCase() !== known.trim().toLowerCase();
  return [
    differs(data.email, user.email) && 'email',
    differs(data.country, user.country) && 'country',
    differs(data.first_name, user.firstName) && 'first_name',
    differs(data.last_name, user.lastName) && 'last_name',
    differs(data.dfpc, user.signUpDfpc) && 'dfpc',
    differs(data.custom_player_status, status) && 'custom_player_status',
  ].filter((field): field is string => typeof field === 'string');
}

/**
 * `POST /api/users/transaction`: the page's payment risk data before a payment (docs/rules/fields.md
 * "Payment risk data"). Checked against the player (the currency must be one of their accounts),
 * written to the server's log for the operator with what differs from the casino's record (the
 * card only as bin and last 4 digits), answered with the VIP status name the casino holds.
 */
export function riskRoutes() {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/users/transaction',
      {
        schema: {
          tags: ['cashbox'],
          summary: "The page's payment risk data before a deposit or payout; answers the player's VIP status name",
          body: paymentRiskDataSchema,
          response: { 200: paymentRiskResponseSchema },
        },
      },
      async (request) => {
        const player = await requirePlayer(request);
        const data = request.body;
        const accounts = await listAccounts(ctx.db, player.user.id);
        if (!accounts.some((a) => a.currency === data.currency)) throw unprocessable('invalid', 'currency');
        const status = riskStatusOf(player.groupIds);
        request.log.info(
          {
            event: 'payment_risk',
            userId: player.user.id,
            type: data.type,
            currency: data.currency,
            amount: data.amount,
            paymentSystem: data.payment_system,
            card: data.card_bin || data.card_last4 ? { bin: data.card_bin, last4: data.card_last4 } : undefined,
            status,
            mismatches: riskMismatches(data, player, status),
          },
          'payment risk data',
        );
        return { custom_player_status: status };
      },
    );
  };
}
