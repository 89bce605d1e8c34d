import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../features/accounts/current-user.ts';
import { memberUser } from '../../test/users.ts';
import { decideRouteAccess, pathForInactiveUser } from './access.ts';

const user = memberUser;

const signedIn = (overrides: Partial<TUserInfo> = {}): CurrentUser => ({ status: 'user', user: user(overrides) });
const open = { noLogin: true };
const loginOnly = { noLogin: false };
const staffOnly = { noLogin: false, roles: ['50'] };

describe('decideRouteAccess (SPEC §4 route guard)', () => {
  it.each([
    ['a visitor', { status: 'visitor' } as CurrentUser],
    ['a user still loading', { status: 'loading' } as CurrentUser],
    ['a user under review', signedIn({ actvtInd: '5' })],
    ['a rejected user', signedIn({ actvtInd: '7' })],
  ])('lets %s open a noLogin route', (_, current) => {
    expect(decideRouteAccess(open, '/register', current)).toEqual({ kind: 'allow' });
  });

  it('waits on a login-only route until the user info has answered', () => {
    expect(decideRouteAccess(loginOnly, '/userCenter/userInfo', { status: 'loading' })).toEqual({ kind: 'wait' });
  });

  it('asks a visitor to log in on a login-only route', () => {
    expect(decideRouteAccess(loginOnly, '/release', { status: 'visitor' })).toEqual({ kind: 'login' });
  });

  it.each([
    ['1', 'approved', { kind: 'allow' }],
    ['6', 'activated by invitation', { kind: 'allow' }],
    ['5', 'under review', { kind: 'redirect', to: '/UnderReview' }],
    ['7', 'rejected', { kind: 'redirect', to: '/register' }],
    ['8', 'asked for more information', { kind: 'redirect', to: '/register' }],
  ] as const)('activation %s (%s) on a login-only route → %j', (actvtInd, _, decision) => {
    expect(decideRouteAccess(loginOnly, '/userCenter/userInfo', signedIn({ actvtInd }))).toEqual(decision);
  });

  it.each(['5', '7', '8'] as const)('lets a user with activation %s open the product detail only', (actvtInd) => {
    const current = signedIn({ actvtInd });
    expect(decideRouteAccess(loginOnly, '/productsAndServices/detail/42', current)).toEqual({ kind: 'allow' });
    expect(decideRouteAccess(loginOnly, '/productsAndServices', current).kind).toBe('redirect');
    expect(decideRouteAccess(loginOnly, '/productsAndServices/detail', current).kind).toBe('redirect');
  });

  it.each([
    [['50'], { kind: 'allow' }],
    [['50', '99'], { kind: 'allow' }],
    [['10', '20'], { kind: 'redirect', to: '/403' }],
    [[], { kind: 'redirect', to: '/403' }],
  ] as const)('a back-office route with roles %j → %j', (rlTpcd, decision) => {
    expect(decideRouteAccess(staffOnly, '/backend/registrations', signedIn({ rlTpcd: [...rlTpcd] }))).toEqual(decision);
  });

  it('sends a visitor on a back-office route to the login, not to /403', () => {
    expect(decideRouteAccess(staffOnly, '/backend/audit', { status: 'visitor' })).toEqual({ kind: 'login' });
  });

  it('sends bank staff whose account is not active to their state page first', () => {
    expect(decideRouteAccess(staffOnly, '/backend/audit', signedIn({ rlTpcd: ['50'], actvtInd: '5' }))).toEqual({
      kind: 'redirect',
      to: '/UnderReview',
    });
  });
});

describe('pathForInactiveUser', () => {
  it.each([
    ['5', '/UnderReview'],
    ['7', '/register'],
    ['8', '/register'],
    ['1', '/home'],
  ] as const)('activation %s → %s', (actvtInd, path) => {
    expect(pathForInactiveUser({ actvtInd })).toBe(path);
  });
});
