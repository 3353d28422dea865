import { createLoginThrottle } from '../../platform/login-throttle';
import type { AppModule } from '../../platform/module';
import { createGoogleVerifier } from './google-id-token';
import { purgePendingMembers } from './members.repo';
import { membersRoutes } from './members.routes';

/** Storefront member accounts (spec 3 §4.9, §7.4): sign-in, registration, Google, reset, profile. */
export const membersModule: AppModule = {
  name: 'members',
  routes: (app, ctx) => {
    const { db, signer, captcha, captchaRequired, config, publicUrl } = ctx;
    membersRoutes(
      app,
      {
        db,
        signer,
        captcha,
        captchaRequired,
        throttle: createLoginThrottle({ perAccount: config.loginCaptchaAfter, perAddress: config.loginCaptchaAfterPerAddress }),
        google: createGoogleVerifier(config.google),
        forgetSavedCards: ctx.registry.forgetSavedCards(ctx),
      },
      { rateLimit: config.loginRateLimit, publicUrl },
    );
  },
  // Registrations never finished would otherwise keep their address's checkemail answer at 2.
  jobs: ({ db }) => [{ name: 'member-pending-purge', everyMs: 3_600_000, run: () => purgePendingMembers(db) }],
};
