/**
 * The ready answers the back office's reply box offers (docs/support.md "Canned answers"): a
 * fixed list, edited here. The operator may change the text before sending it.
 */
import type { BackofficeSupportCannedAnswer } from '@orbit/contracts';

export const SUPPORT_CANNED_ANSWERS: readonly BackofficeSupportCannedAnswer[] = [
  {
    id: 'greeting',
    title: 'Greeting',
    body: 'Hello, thank you for contacting Orbit support. How can we help you today?',
  },
  {
    id: 'checking_payment',
    title: 'We are checking your payment',
    body: 'Thank you for your patience: we are checking your payment with our payment team and will come back to you shortly.',
  },
  {
    id: 'upload_document',
    title: 'Please upload a document',
    body: 'To continue, please upload a document proving your identity on your profile’s verification page (Profile → Verification).',
  },
  {
    id: 'anything_else',
    title: 'Anything else?',
    body: 'Is there anything else we can help you with?',
  },
  {
    id: 'closing',
    title: 'Closing',
    body: 'We are glad we could help. This conversation will now be closed; write to us any time if you need anything else.',
  },
];
