import { z } from 'zod';

/**
 * Web push to a player's devices (docs/notifications.md "Push to a device"): the casino's public
 * VAPID key, and the browser's push subscriptions the page hands over or takes back.
 */

/** `GET /api/push/key`: whether the casino sends pushes, and the key the browser subscribes with (base64url). */
export const pushKeyResponseSchema = z.object({
  enabled: z.boolean(),
  public_key: z.string().nullable(),
});
export type PushKeyResponse = z.infer<typeof pushKeyResponseSchema>;

/**
 * `POST /api/push/subscriptions`: the browser's `PushSubscription.toJSON()`. The server checks the
 * address (https; http only to this machine outside production) and the keys' lengths itself,
 * answering 422 `invalid_push_endpoint` / `invalid_push_key`.
 */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.string().min(1).max(2048),
  /** When the browser's push service ends the subscription: milliseconds since 1970 (past int32), or null. */
  expirationTime: z
    .number({ error: 'invalid_type' })
    .min(0, 'too_small')
    .max(Number.MAX_SAFE_INTEGER, 'too_big')
    .nullable()
    .optional(),
  keys: z.object({
    p256dh: z.string().max(200),
    auth: z.string().max(100),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** The answer to a subscription: this device now takes the player's pushes. */
export const pushSubscriptionResponseSchema = z.object({
  subscribed: z.literal(true),
  created_at: z.string(),
});
export type PushSubscriptionResponse = z.infer<typeof pushSubscriptionResponseSchema>;

/** `DELETE /api/push/subscriptions`: the device's endpoint; only the caller's own is removed. */
export const pushUnsubscribeRequestSchema = z.object({
  endpoint: z.string().min(1).max(2048),
});
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

/** Whether a subscription of the caller's was removed (false: there was none of theirs). */
export const pushUnsubscribeResponseSchema = z.object({
  removed: z.boolean(),
});
export type PushUnsubscribeResponse = z.infer<typeof pushUnsubscribeResponseSchema>;
