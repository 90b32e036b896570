export { AuthPopup } from './auth-popup';
export { AuthPage } from './auth-page';
export { TermsPopup } from './terms-popup';
