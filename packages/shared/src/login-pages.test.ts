import { describe, expect, it } from 'vitest';
import { isLoginRequiredPage, loginRedirectPath, matchesPagePattern } from './login-pages.ts';

describe('matchesPagePattern (as React Router matches a route)', () => {
  it.each([
    ['/release', '/release', true],
    ['/release', '/Release', true],
    ['/release', '/release/', true],
    ['/release', '/releases', false],
    ['/release', '/release/1', false],
    ['/productsAndServices/detail/:id', '/productsAndServices/detail/42', true],
    ['/productsAndServices/detail/:id', '/productsAndServices/detail/a%20b', true],
    ['/productsAndServices/detail/:id', '/productsAndServices/detail/', false],
    ['/productsAndServices/detail/:id', '/productsAndServices/detail', false],
    ['/PolicyInformation/fcReport', '/policyinformation/FCREPORT', true],
  ])('%s against %s → %s', (pattern, pathname, expected) => {
    expect(matchesPagePattern(pattern, pathname)).toBe(expected);
  });
});

describe('isLoginRequiredPage', () => {
  it('knows the pages that need a login and leaves the open ones', () => {
    for (const path of ['/release', '/userCenter/userInfo', '/backend/audit', '/policyInformation/interpretation/7']) {
      expect(isLoginRequiredPage(path), path).toBe(true);
    }
    for (const path of ['/', '/home', '/about', '/verify', '/register', '/previewContract', '/404', '/nowhere']) {
      expect(isLoginRequiredPage(path), path).toBe(false);
    }
  });
});

describe('loginRedirectPath', () => {
  it('names the page, query and all, in one encoded parameter', () => {
    expect(loginRedirectPath('/release?kind=2&x=%20')).toBe('/home?login=%2Frelease%3Fkind%3D2%26x%3D%2520');
  });
});
