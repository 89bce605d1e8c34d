/** The publish pages' server for their tests: Amy signed in, her contact details, the master agreement. */
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { MEMBER_USER } from '../../test/users.ts';

/** What `/api/user/p1/detailForBthw` answers for Amy: her contact details fill the form's contact section. */
const SUBMITTER = {
  lgcSn: 'U1',
  usrNm: 'Amy Chan',
  emailAdr: 'amy.chan@harbourview.example',
  phone: '+852 2123 4567',
  jobTitle: 'Head of Trade Finance',
  instNm: 'Harbourview Commercial Bank',
  instSwiftCode: 'HVCBHKHH',
  instCountry: 'HK',
  bankInstitution: false,
};

export type Sent = { url: string; method: string; body: unknown };

/** A signed-in user; the master agreement answers `agreement`; other calls as `respond` gives; returns every call. */
export function stubPublishApi(
  options: {
    agreement?: { signed: boolean; pending: boolean };
    respond?: (url: string, init: RequestInit) => Response | undefined;
  } = {},
) {
  const sent: Sent[] = [];
  stubPortalApi({
    user: MEMBER_USER,
    respond: (url, init) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
      sent.push({ url, method, body });
      const own = options.respond?.(url, init);
      if (own) return own;
      if (url === '/api/user/p1/detailForBthw') {
        return jsonResponse(envelope(SUBMITTER));
      }
      if (url === '/api/bthw/masterAgreement' && method === 'GET') {
        return jsonResponse(envelope(options.agreement ?? { signed: true, pending: false }));
      }
      return undefined;
    },
  });
  return sent;
}
