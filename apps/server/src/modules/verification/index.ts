/**
 * The verification module's public face: KYC documents the player uploads and the operator
 * approves or rejects.
 */
import type { OrbitModule } from '../../platform/module';
import { setPlayerVerifiedSource } from '../identity';
import { verificationRoutes } from './routes';
import { verificationStatusOf } from './status';
import { VerificationService } from './service';
// The back office's queue of documents and its decisions (docs/backoffice.md "KYC").
export { documentById, documentFile, documentQueue, type DocumentFile, type DocumentQueueFilter } from './queue';
export { VerificationService, type ReviewHook, type ReviewState } from './service';
export type { VerificationDocumentRow } from './schema';
export { verificationStatusOf, type VerificationStatus } from './status';
export { documentsOfPlayer, verificationSummaryOf, type VerificationSummary } from './player-documents';

export const verificationModule: OrbitModule = {
  name: 'verification',
  routes: (app, ctx) => {
    // The player answer's `verified`: an approved document and none waiting (status.ts).
    setPlayerVerifiedSource(async (db, userId) => (await verificationStatusOf(db, userId)) === 'verified');
    return verificationRoutes(new VerificationService(ctx.db, ctx.clock))(app, ctx);
  },
};
