/**
 * The three calls of SPEC §7 read in docs/decisions/0021, each by its answer's shape, who may
 * call it and who may not: `GET /api/user/p1/detailForBthw`, `POST /api/user/p1/getRegisterVerifyOrg`
 * and `GET /api/front/bthw/queryContactById/:lgcSn`. (The authorization matrix calls each as every
 * kind of caller too.)
 */
import { ROLE } from '@portal/shared';
import { ZRegisterVerifyOrg, ZRequestContact, ZUserDetailForBthw } from '@portal/shared/schemas/spec-calls';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution, buildUser, nextIp, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { registrationCodeFor } from '../../../test/registration.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const harbour = await buildInstitution(db, { name: 'Harbour Test Bank', swiftCode: 'HRBTHKHH', country: 'HK' });
const amy = await buildUser(db, { institutionId: harbour.id, name: 'Amy Chan', email: 'amy@harbour.example' });
const amyColleague = await buildUser(db, { institutionId: harbour.id });
const reader = await buildUser(db);
const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
const underReview = await buildUser(db, { activation: '5' });
const cookieOf = (user: { id: number }) => sessionCookie(db, user.id);

const get = async (url: string, user?: { id: number }) =>
  app.inject({
    method: 'GET',
    url,
    remoteAddress: nextIp(),
    headers: user ? { cookie: await cookieOf(user) } : {},
  });

describe('GET /api/user/p1/detailForBthw', () => {
  it('gives an approved user their submitter details and the institution they publish for', async () => {
    await db
      .updateTable('appUser')
      .set({ phone: '+852 2345 6789', profile: JSON.stringify({ jobTitle: 'Head of Trade' }) })
      .where('id', '=', amy.id)
      .execute();
    const res = await get('/api/user/p1/detailForBthw', amy);
    expect(res.statusCode, res.body).toBe(200);
    const data = ZUserDetailForBthw.strict().parse(res.json().data);
    expect(data).toEqual({
      lgcSn: amy.lgcSn,
      usrNm: 'Amy Chan',
      emailAdr: 'amy@harbour.example',
      phone: '+852 2345 6789',
      jobTitle: 'Head of Trade',
      instNm: 'Harbour Test Bank',
      instSwiftCode: 'HRBTHKHH',
      instCountry: 'HK',
      bankInstitution: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['a visitor', undefined, 401],
    ['an account under review', underReview, 403],
  ] as const)('refuses %s', async (_who, user, status) => {
    const res = await get('/api/user/p1/detailForBthw', user);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).not.toBe('0');
  });
});

describe('POST /api/user/p1/getRegisterVerifyOrg', () => {
  const lookUp = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/user/p1/getRegisterVerifyOrg', remoteAddress: nextIp(), payload });

  it('tells a registrant with the right code which known institution their SWIFT code joins, or null for a new one', async () => {
    const emailAdr = 'rita@lusitania-trade.example';
    const emailCode = await registrationCodeFor(app, db, emailAdr);
    const known = await lookUp({ emailAdr, emailCode, instSwiftCode: 'HRBTHKHH' });
    expect(known.statusCode, known.body).toBe(200);
    expect(ZRegisterVerifyOrg.parse(known.json().data)).toEqual({
      instNm: 'Harbour Test Bank',
      instSwiftCode: 'HRBTHKHH',
      country: 'HK',
      continent: 'ASIA',
    });
    const unknown = await lookUp({ emailAdr, emailCode, instSwiftCode: 'NEWBPTPL' });
    expect(unknown.json()).toMatchObject({ code: '0', data: null });
    // The code is not used up: the registration still needs it.
    const again = await lookUp({ emailAdr, emailCode, instSwiftCode: 'HRBTHKHH' });
    expect(again.json().code).toBe('0');
  });

  it.each([
    ['without a code', { emailCode: '' }, 'PRT_VALIDATION'],
    ['with a wrong code', { emailCode: 'ZZZZ' }, 'PRT_CODE_INCORRECT'],
    ['for an address never sent a code', { emailAdr: 'nobody@nowhere-bank.example' }, 'PRT_CODE_EXPIRED'],
    ['with a malformed SWIFT code', { instSwiftCode: 'HRB' }, 'PRT_VALIDATION'],
  ])('refuses a look-up %s (%s)', async (_name, change, code) => {
    const emailAdr = `joao-${crypto.randomUUID().slice(0, 8)}@lusitania-trade.example`;
    const emailCode = await registrationCodeFor(app, db, emailAdr);
    const res = await lookUp({ emailAdr, emailCode, instSwiftCode: 'HRBTHKHH', ...change });
    expect(res.json().code, res.body).toBe(code);
    expect(res.body).not.toContain('Harbour Test Bank');
  });
});

const contactFields = {
  contactName: 'Amy Chan',
  contactEmail: 'amy.trade@harbour.example',
  contactPhone: '+852 3900 1201',
};
const effective = await buildRequest(db, { ownerUserId: amy.id, institutionId: harbour.id, fields: contactFields });
const takenDown = await buildRequest(db, {
  ownerUserId: amy.id,
  institutionId: harbour.id,
  status: 'invalid',
  invalidReason: 'takenDown',
  fields: contactFields,
});
const draft = await buildRequest(db, { ownerUserId: amy.id, institutionId: harbour.id, status: 'draft' });
const expected = {
  instNm: 'Harbour Test Bank',
  instSwiftCode: 'HRBTHKHH',
  country: 'HK',
  ...contactFields,
};

describe('GET /api/front/bthw/queryContactById/:lgcSn', () => {
  it.each([
    ['another institution’s user', reader, effective],
    ['a colleague of the publisher', amyColleague, effective],
    ['the publisher, of a taken-down request', amy, takenDown],
    ['bank staff, of a taken-down request', staff, takenDown],
  ] as const)('answers %s with the request’s contact', async (_who, user, request) => {
    const res = await get(`/api/front/bthw/queryContactById/${request.lgcSn}`, user);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZRequestContact.strict().parse(res.json().data)).toEqual({ requestLgcSn: request.lgcSn, ...expected });
  });

  it.each([
    ['a visitor', undefined, effective, 401, null],
    ['an account under review', underReview, effective, 403, null],
    ['another institution’s user, of a taken-down request', reader, takenDown, 404, 'PRT_REQUEST_NOT_FOUND'],
    ['its owner, of a draft', amy, draft, 404, 'PRT_REQUEST_NOT_FOUND'],
    ['anyone, of an unknown id', reader, { lgcSn: 'no-such-request' }, 404, 'PRT_REQUEST_NOT_FOUND'],
  ] as const)('refuses %s', async (_who, user, request, status, code) => {
    const res = await get(`/api/front/bthw/queryContactById/${request.lgcSn}`, user);
    expect(res.statusCode, res.body).toBe(status);
    if (code) expect(res.json().code).toBe(code);
    expect(res.body).not.toContain('amy.trade@harbour.example');
  });
});
