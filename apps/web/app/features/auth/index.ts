export { AuthPopup } from './auth-popup';
export { Modal } from './modal';
export { errorCodeOf, Notice } from './form';
