import type { Mail } from '../../platform/mail';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The confirmation mail: a link to the page's /confirmation popup (token valid 24 hours, once). */
export function confirmationMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your email address',
    text: `Welcome to Orbit!\n\nConfirm your email address by opening this link within 24 hours:\n${link}\n\nIf you did not register, ignore this mail.`,
    html: `<p>Welcome to Orbit!</p><p>Confirm your email address by opening <a href="${escapeHtml(link)}">this link</a> within 24 hours.</p><p>If you did not register, ignore this mail.</p>`,
  };
}

/** The password reset mail: a link to the new-password popup (token valid 1 hour, once). */
export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your Orbit account.\n\nChoose a new password within one hour:\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your Orbit account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> within one hour.</p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  };
}

/** The withdrawal link of a player who may not sign in (cooling-off, self-exclusion): their money stays theirs. */
export function withdrawalMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Withdraw your balance',
    text: `Your account is closed to play for now (cooling-off or self-exclusion), and you cannot sign in until it ends.\n\nYour money is still yours: withdraw it through this link within 24 hours:\n${link}\n\nSigning in with your password while the break lasts mails you a new link.`,
    html: `<p>Your account is closed to play for now (cooling-off or self-exclusion), and you cannot sign in until it ends.</p><p>Your money is still yours: <a href="${escapeHtml(link)}">withdraw it</a> within 24 hours.</p><p>Signing in with your password while the break lasts mails you a new link.</p>`,
  };
}
