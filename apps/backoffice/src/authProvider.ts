/**
 * Sign-in with password and the authenticator's code; the session is the casino's HttpOnly cookie.
 * `checkAuth` asks `/me`; an operator who has not set two-factor up yet is sent to its setup page
 * before anything else; `getPermissions` is the role's list (the menu shows only what it allows,
 * and the server decides every call all the same).
 */
import type { AuthProvider } from 'react-admin';
import type { BackofficeMe } from '@orbit/contracts';
import { api, ApiError } from './api';

let me: Promise<BackofficeMe> | null = null;
const currentOperator = () =>
  (me ??= api<BackofficeMe>('GET', '/me').catch((error: unknown) => {
    me = null;
    throw error;
  }));

/** The setup page's route inside the admin, and its address (react-admin's redirects are addresses). */
export const TWO_FACTOR_PATH = '/two-factor';
const TWO_FACTOR_ADDRESS = `/backoffice${TWO_FACTOR_PATH}`;

export const authProvider: AuthProvider = {
  async login(params: { email: string; password: string; otp?: string }) {
    me = Promise.resolve(
      await api<BackofficeMe>('POST', '/sign_in', {
        email: params.email,
        password: params.password,
        ...(params.otp ? { otp: params.otp } : {}),
      }),
    );
    if (!(await me).two_factor) return { redirectTo: TWO_FACTOR_ADDRESS };
    return undefined;
  },
  async logout() {
    me = null;
    await api('POST', '/sign_out').catch(() => undefined);
  },
  async checkAuth() {
    await currentOperator();
  },
  async checkError(error: unknown) {
    if (error instanceof ApiError && error.status === 401) {
      me = null;
      throw error;
    }
  },
  async getPermissions() {
    // Signed out: no permissions (checkAuth sends the operator to the sign-in page).
    return currentOperator().then(
      (operator) => operator.permissions,
      () => [],
    );
  },
  async getIdentity() {
    const { operator } = await currentOperator();
    return { id: operator.id, fullName: `${operator.name} (${operator.role})` };
  },
};
