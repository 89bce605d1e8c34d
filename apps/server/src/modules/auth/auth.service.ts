/**
 * Log-in, e-mail codes and passwords: the rules, with no HTTP in sight.
 *
 * Split by concern: log-in and log-out, with the lock-out (login.service.ts), e-mail codes
 * (email-codes.service.ts) and passwords (passwords.service.ts). This file composes them for
 * the routes.
 */
export { type EmailCodeInput, sendEmailCode } from './email-codes.service.ts';
export {
  type ClientContext,
  type Credentials,
  EMAIL_CODE_AFTER_FAILURES,
  type LoginInput,
  login,
  loginPrecheck,
  logout,
} from './login.service.ts';
export { changePassword, resetPassword } from './passwords.service.ts';
