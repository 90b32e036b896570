export { fetchMessageBundle, i18nOf, messagesUrl, translate, MESSAGES_BUCKET_MS } from './i18n';
export type { MessageBundle, Messages } from './i18n';
