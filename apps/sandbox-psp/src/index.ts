export {
  createSandboxPsp,
  sandboxPsp,
  publicPayment,
  TEST_CARDS,
  SANDBOX_IBAN,
  DEFAULT_CONFIRMATIONS,
} from './sandbox';
export type { SandboxPsp, SandboxPspOptions } from './sandbox';
export { verifySandboxSignature, signSandboxPayload } from './signature';
export { fileStore, memoryStore } from './store';
export type { SandboxStore } from './store';
export type * from './model';
