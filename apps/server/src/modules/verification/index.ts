/**
 * The verification module's public face: KYC documents the player uploads and the operator
 * approves or rejects.
 */
import type { OrbitModule } from '../../platform/module';
import { verificationRoutes } from './routes';
import { VerificationService } from './service';

export const verificationModule: OrbitModule = {
  name: 'verification',
  routes: (app, ctx) => verificationRoutes(new VerificationService(ctx.db, ctx.clock))(app, ctx),
};
