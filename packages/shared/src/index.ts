export * from './account-constants.ts';
export * from './errors.ts';
export * from './i18n/index.ts';
export * from './login-pages.ts';
export * from './password.ts';
export * from './schemas/common.ts';
export * from './schemas/site.ts';
export * from './validation.ts';
