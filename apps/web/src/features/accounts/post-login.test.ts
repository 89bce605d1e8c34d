import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, nextAccountStep, pathForStep, refillMode } from './post-login.ts';

type StepUser = Pick<TUserInfo, 'nfrcModPswdInd' | 'agrInd' | 'cplInd' | 'actvtInd' | 'reviewNote'>;

const active: StepUser = { nfrcModPswdInd: '0', agrInd: '1', cplInd: '0', actvtInd: '1', reviewNote: null };
const make = (overrides: Partial<StepUser>): StepUser => ({ ...active, ...overrides });

describe('nextAccountStep (SPEC §4, after login and on loading the user info)', () => {
  it.each([
    ['an active user who agreed', {}, { kind: 'proceed' }],
    ['an invited active user (6)', { actvtInd: '6' }, { kind: 'proceed' }],
    ['a forced password change', { nfrcModPswdInd: '1' }, { kind: 'setPassword' }],
    ['a forced password change before the agreement', { nfrcModPswdInd: '1', agrInd: '0' }, { kind: 'setPassword' }],
    ['the agreement not yet accepted', { agrInd: '0' }, { kind: 'agreement' }],
    ['the agreement before the review states', { agrInd: '0', actvtInd: '5' }, { kind: 'agreement' }],
    [
      'a profile to complete wins over the forced password and agreement',
      { cplInd: '1', nfrcModPswdInd: '1', agrInd: '0' },
      { kind: 'supplement', via: 'complete' },
    ],
    ['more information requested (8)', { actvtInd: '8' }, { kind: 'supplement', via: 'improve' }],
    ['8 and a profile to complete', { actvtInd: '8', cplInd: '1' }, { kind: 'supplement', via: 'improve' }],
    [
      'a rejection (7)',
      { actvtInd: '7', reviewNote: 'SWIFT code unknown' },
      { kind: 'rejected', note: 'SWIFT code unknown' },
    ],
    ['a rejection without a note', { actvtInd: '7' }, { kind: 'rejected', note: null }],
    ['under review (5)', { actvtInd: '5' }, { kind: 'underReview' }],
  ] as const)('%s → %j', (_, overrides, step) => {
    expect(nextAccountStep(make(overrides))).toEqual(step);
  });
});

describe('pathForStep', () => {
  it('sends refills to /register and the review to /UnderReview; dialogs and going on stay', () => {
    expect(pathForStep({ kind: 'supplement', via: 'improve' })).toBe('/register');
    expect(pathForStep({ kind: 'rejected', note: null })).toBe('/register');
    expect(pathForStep({ kind: 'underReview' })).toBe('/UnderReview');
    expect(pathForStep({ kind: 'setPassword' })).toBeNull();
    expect(pathForStep({ kind: 'agreement' })).toBeNull();
    expect(pathForStep({ kind: 'proceed' })).toBeNull();
  });
});

describe('refillMode', () => {
  it.each([
    [{ actvtInd: '7', cplInd: '0' }, 'improve'],
    [{ actvtInd: '8', cplInd: '0' }, 'improve'],
    [{ actvtInd: '1', cplInd: '1' }, 'complete'],
    [{ actvtInd: '6', cplInd: '1' }, 'complete'],
    [{ actvtInd: '1', cplInd: '0' }, null],
    [{ actvtInd: '5', cplInd: '0' }, null],
  ] as const)('%j → %s', (user, mode) => {
    expect(refillMode(user)).toBe(mode);
  });
});

describe('destinationAfterLogin', () => {
  it('always goes home from /SumitSuccess, even with a remembered page', () => {
    expect(destinationAfterLogin('/SumitSuccess', '/release?type=1')).toBe('/home');
  });

  it('returns to the page the guard remembered, with its query', () => {
    expect(destinationAfterLogin('/home', '/productsAndServices/detail/7?from=mail')).toBe(
      '/productsAndServices/detail/7?from=mail',
    );
  });

  it('stays on an ordinary page when nothing was remembered', () => {
    expect(destinationAfterLogin('/about', null)).toBeNull();
  });

  it('leaves the account pages for home', () => {
    expect(destinationAfterLogin('/register', null)).toBe('/home');
    expect(destinationAfterLogin('/resetPassword', null)).toBe('/home');
  });

  it('ignores a remembered value that is not a path of this site', () => {
    expect(destinationAfterLogin('/about', '//evil.example/x')).toBeNull();
    expect(destinationAfterLogin('/about', 'https://evil.example')).toBeNull();
  });
});
