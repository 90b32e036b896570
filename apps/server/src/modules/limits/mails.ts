import type { Mail } from '../../platform/mail';
import type { userLimitChanges, userLimits } from './schema';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const NAMES: Record<string, string> = {
  deposit: 'deposit limit',
  loss: 'loss limit',
  wager: 'wager limit',
  session: 'session time limit',
};

/** The confirmation of a raise or removal, mailed once its 24 hours have passed. */
export function limitChangeMail(
  to: string,
  limit: typeof userLimits.$inferSelect,
  change: typeof userLimitChanges.$inferSelect,
  link: string,
): Mail {
  const name = `${limit.period === 'day' ? 'daily' : `${limit.period}ly`} ${NAMES[limit.type] ?? 'limit'}`;
  const what =
    change.action === 'remove'
      ? `remove your ${name}`
      : change.currency
        ? `raise your ${name} in ${change.currency}`
        : `raise your ${name} to ${change.amount} minutes`;
  const until = change.confirmUntil?.toUTCString() ?? '';
  return {
    to,
    subject: 'Confirm the change of your limit',
    text: `You asked to ${what} 24 hours ago.\n\nIt applies only once you confirm it, until ${until}:\n${link}\n\nIf you changed your mind, do nothing: your limit stays as it is.`,
    html: `<p>You asked to ${escapeHtml(what)} 24 hours ago.</p><p>It applies only once you <a href="${escapeHtml(link)}">confirm it</a>, until ${escapeHtml(until)}.</p><p>If you changed your mind, do nothing: your limit stays as it is.</p>`,
  };
}
