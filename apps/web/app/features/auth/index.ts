export { AuthPopup } from './auth-popup';
