import type { AppModule } from '../../platform/module';
import { authRoutes } from './auth.routes';

/** Staff sign-in, tokens, logout and password reset. */
export const authModule: AppModule = {
  name: 'auth',
  routes: (app, { db, signer, captcha, captchaRequired, config, publicUrl }) =>
    authRoutes(
      app,
      { db, signer, captcha, captchaRequired },
      {
        loginRateLimit: config.loginRateLimit,
        publicUrl,
        loginCaptchaAfter: config.loginCaptchaAfter,
        loginCaptchaAfterPerAddress: config.loginCaptchaAfterPerAddress,
      },
    ),
};
