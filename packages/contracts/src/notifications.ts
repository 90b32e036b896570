import { z } from 'zod';

/**
 * The players' notifications (docs/notifications.md): what the header's bell lists. The server
 * makes `personal_notifications` (a tournament's or a lottery's result); the page adds its own of
 * the gift kinds (`bonuses_changes`, `freespins_changes`) when a gift arrives.
 */
export const NOTIFICATION_TYPES = ['personal_notifications', 'bonuses_changes', 'freespins_changes'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification's button leads: a path of the site (without locale) or a named page. */
export const notificationButtonSchema = z.object({
  path: z.string().optional(),
  toName: z.string().optional(),
  title: z.string(),
});

export const notificationContentSchema = z.object({
  icon: z.string(),
  title: z.string(),
  button: notificationButtonSchema,
});
export type NotificationContent = z.infer<typeof notificationContentSchema>;

/**
 * The text as a message of the page's translations (`key` with its `params`), so that the page
 * shows it in the player's language; `text`, `title` and the button's title are the English fallback.
 */
export const notificationMessageSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

export const notificationSchema = z.object({
  id: z.number().int().positive(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  text: z.string(),
  /** Set when the notification concerns a tournament or a lottery: its frontend identifier. */
  identifier: z.string().nullable(),
  content: notificationContentSchema,
  message: notificationMessageSchema.nullable(),
  created_at: z.string(),
  /** When the page stops showing it (two hours after it was made). */
  expiry: z.string(),
});
export type PlayerNotification = z.infer<typeof notificationSchema>;

/** `GET /api/player/notifications`: the player's unexpired notifications, newest first. */
export const notificationsResponseSchema = z.array(notificationSchema);

export const notificationParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Realtime `personal_notifications`: the new notification. */
export const personalNotificationEventSchema = notificationSchema;
