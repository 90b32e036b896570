/**
 * Every number a request carries is bounded by its contract (docs/security.md "Numbers in
 * requests"): `tickets_count: 2147483648` once reached an integer column and answered 500.
 * Every request schema the contracts export is walked down to its numbers (nested objects,
 * arrays, records, unions, defaults, pipes), and each number is fed 2^31 and 2^53 and their
 * negatives: refused, with a stable code. A field that deliberately takes values past int32
 * (money in minor units, ids of bigint tables, the few listed below) must still refuse ±2^53.
 * A request schema added later with an unbounded number fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../src';
import { issuesToErrors, LOTTERY_TICKETS_MAX, typedExchangeRequestSchema } from '../src';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Request schemas by name: bodies, queries, path parameters, operator inputs. */
const REQUEST_NAME = /(Request|Query|Params|Body|Input)Schema$/;
/** Request schemas whose names do not say so (route bodies; the usage check below keeps this list honest). */
const ALSO_REQUESTS = new Set([
  'accrualRuleSchema',
  'providerSettingsSchema',
  'cmsPageSlugSchema',
  'paymentRiskDataSchema',
]);

/**
 * Numbers allowed past int32 on purpose, each refusing ±2^53 still. Besides these, every field
 * named `*_cents` (money in minor units: bigint columns) may.
 */
const LARGE: Record<string, string> = {
  'bonusIdParamsSchema.id': 'player bonuses, free spins and players: bigserial ids',
  'paymentIdParamsSchema.id': 'payments: bigserial ids',
  'userLimitIdParamsSchema.id': 'limits: bigserial ids',
  'notificationParamsSchema.id': 'notifications: bigserial ids',
  'documentIdParamsSchema.id': 'documents: bigserial ids',
  'gameRoundParamsSchema.id': 'game rounds: bigserial ids',
  'lootboxParamsSchema.id': 'loot boxes: bigserial ids',
  'depositRequestSchema.saved_profile_id': 'saved cards: bigserial ids',
  'assignManagerRequestSchema.manager_id': 'managers: bigserial ids',
  'favouriteGameParamsSchema.id': 'any whole number: one naming no game is the server 404 (games/player-games.ts)',
  'launchParamsSchema.id': 'any whole number: one naming no game is the server 404 (games/play.ts)',
  'walletBetRequestSchema.jackpot_draw': "a provider's unsigned 32-bit draw",
  'walletWinRequestSchema.round.fair.nonce': "a provider's round report, kept as sent (jsonb)",
  'walletFreespinRequestSchema.round.fair.nonce': "a provider's round report, kept as sent (jsonb)",
  'paymentRiskDataSchema.amount': 'money in minor units under the name the risk data call uses',
  'pushSubscriptionRequestSchema.expirationTime': "the browser's push subscription end, milliseconds since 1970",
};

type Leaf = { key: string; field: string; schema: z.ZodType };
type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Every number inside `schema`, keyed `<schema name><path>` (`.a.b`, `[]` an item, `{}` a record's value, `|n` a union's option). */
function numbersIn(name: string, schema: unknown, at = '', stack: unknown[] = []): Leaf[] {
  if (stack.includes(schema)) return [];
  const inner = (child: unknown, suffix: string) => numbersIn(name, child, at + suffix, [...stack, schema]);
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
    case 'bigint':
      return [{ key: name + at, field: at.split(/[.[{|]/).at(-1) ?? '', schema: schema as z.ZodType }];
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return [
        ...Object.entries(shape).flatMap(([k, v]) => inner(v, `.${k}`)),
        ...(def.catchall ? inner(def.catchall, '.*') : []),
      ];
    }
    case 'array':
      return inner(def.element, '[]');
    case 'set':
      return inner(def.valueType, '[]');
    case 'tuple':
      return [
        ...(def.items as unknown[]).flatMap((item, i) => inner(item, `[${i}]`)),
        ...(def.rest ? inner(def.rest, '[]') : []),
      ];
    case 'record':
    case 'map':
      return [...inner(def.keyType, '{key}'), ...inner(def.valueType, '{}')];
    case 'union':
      return (def.options as unknown[]).flatMap((option, i) => inner(option, `|${i}`));
    case 'intersection':
      return [...inner(def.left, ''), ...inner(def.right, '')];
    case 'pipe':
      return [...inner(def.in, ''), ...inner(def.out, '')];
    case 'lazy':
      return inner((def.getter as () => unknown)(), '');
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType, '');
    default:
      // strings, booleans, enums, literals (a number literal is its own bound), dates …
      return [];
  }
}

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;
const requestSchemas = Object.entries(contracts)
  .filter(([name, value]) => isSchema(value) && (REQUEST_NAME.test(name) || ALSO_REQUESTS.has(name)))
  .map(([name, value]) => [name, value as z.ZodType] as const);
const leaves = requestSchemas.flatMap(([name, schema]) => numbersIn(name, schema));
const isLarge = (leaf: Leaf) => leaf.key in LARGE || leaf.field.endsWith('_cents');

const INT32_OVER = 2 ** 31;
const SAFE_OVER = 2 ** 53;

/** What `value` gets from the number's own schema: accepted, or the stable codes of its refusal. */
function verdict(leaf: Leaf, value: number): string {
  const input = defOf(leaf.schema).type === 'bigint' ? BigInt(value) : value;
  const result = leaf.schema.safeParse(input);
  if (result.success) return 'accepted';
  return `refused ${Object.values(issuesToErrors(result.error.issues)).flat().join(',')}`;
}

describe('numbers in request schemas', () => {
  it('finds the request schemas and their numbers (a walk that matched nothing would pass forever)', () => {
    expect(requestSchemas.length).toBeGreaterThan(60);
    expect(leaves.length).toBeGreaterThan(60);
    const keys = leaves.map((l) => l.key);
    // The attack of the finding, and one of each kind of nesting.
    expect(keys).toContain('typedExchangeRequestSchema.exchange|0.tickets_count');
    expect(keys).toContain('bonusTemplateInputSchema.money{}.amount_cents');
    expect(keys).toContain('operatorLotteryRequestSchema.deposit_scale_rules{}[].price_cents');
    expect(keys).toContain('createUserLimitRequestSchema|1.minutes');
    expect(keys).toContain('gameRoundsQuerySchema.page');
    // Every exception names a number that exists.
    for (const key of Object.keys(LARGE)) expect(keys, key).toContain(key);
  });

  it('refuse 2^31 and -(2^31)-1 in every number not deliberately large, with a stable code', () => {
    const open: string[] = [];
    for (const leaf of leaves.filter((l) => !isLarge(l)))
      for (const value of [INT32_OVER, -INT32_OVER - 1]) {
        const said = verdict(leaf, value);
        if (!/^refused [a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*$/.test(said)) open.push(`${leaf.key} ${value}: ${said}`);
      }
    expect(open).toEqual([]);
  });

  it('refuse 2^53 and -(2^53) in every number, the large ones included', () => {
    const open: string[] = [];
    for (const leaf of leaves)
      for (const value of [SAFE_OVER, -SAFE_OVER]) {
        const said = verdict(leaf, value);
        if (!/^refused [a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*$/.test(said)) open.push(`${leaf.key} ${value}: ${said}`);
      }
    expect(open).toEqual([]);
  });

  it('answer the exchange of 2^31 lottery tickets with tickets_count: too_big', () => {
    const parsed = typedExchangeRequestSchema.safeParse({
      exchange: { tickets_count: INT32_OVER, lottery_id: 1, group: 'lottery' },
    });
    expect(parsed.success).toBe(false);
    expect(issuesToErrors(parsed.error!.issues)).toEqual({ tickets_count: ['too_big'] });
    const most = { exchange: { tickets_count: LOTTERY_TICKETS_MAX, lottery_id: 1, group: 'lottery' } };
    expect(typedExchangeRequestSchema.safeParse(most).success).toBe(true);
  });
});

describe('the request schemas the apps use', () => {
  /** Contract schemas the server and the studio validate requests with: route schemas and parsed bodies. */
  function usedAsRequests(): Set<string> {
    const used = new Set<string>();
    const files = ['apps/server/src', 'apps/studio/src'].flatMap((dir) =>
      (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[])
        .filter((f) => f.endsWith('.ts'))
        .map((f) => path.join(root, dir, f)),
    );
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:body|querystring|params|headers):\s*(\w+Schema)\b/g)) used.add(m[1]!);
      for (const m of text.matchAll(/\bparse\((\w+Schema),/g)) used.add(m[1]!);
      for (const m of text.matchAll(/\b(\w+Schema)\.(?:safeParse|parse)\((?:req|request)\.(?:body|query|params)/g))
        used.add(m[1]!);
      for (const m of text.matchAll(/\b(\w+Schema)\.(?:safeParse|parse)\(signed\.json/g)) used.add(m[1]!);
    }
    return used;
  }

  it('are all walked above (a request schema named otherwise goes into ALSO_REQUESTS)', () => {
    const walked = new Set(requestSchemas.map(([name]) => name));
    const exported = new Set(Object.keys(contracts));
    const used = [...usedAsRequests()].filter((name) => exported.has(name));
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter((name) => !walked.has(name))).toEqual([]);
  });
});
