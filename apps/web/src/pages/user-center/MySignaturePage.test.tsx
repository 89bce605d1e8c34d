import type { TSealItem } from '@portal/shared/schemas/seals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../features/cooperation/test-fixtures.ts';
import { pngBytes, sealItem } from '../../features/seals/test-fixtures.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

const EFFECTIVE = sealItem({
  stampedFiles: [
    {
      contractLgcSn: 'C1',
      intentionLgcSn: 'I1',
      title: 'Forfaiting agreement for a Vietcombank usance L/C',
      signers: ['Harbourview Commercial Bank', 'Danube Trade Bank'],
      signedAt: '2026-11-02T09:00:00.000Z',
    },
  ],
});
const PENDING = sealItem({
  lgcSn: 'S2',
  sealNo: 'SEAL-2026-000124',
  sealName: 'Finance seal',
  state: 'pendingApproval',
  mine: false,
  applicantName: 'Li Wei',
  periodMonths: 12,
  validFrom: null,
  validTo: null,
  decidedAt: null,
  certificateSerial: null,
});

type Call = { url: string; method: string; body: unknown };

function stubSealApi(options: { seals?: TSealItem[] } = {}) {
  const calls: Call[] = [];
  const seals = options.seals ?? [EFFECTIVE, PENDING];
  let cancelAttempts = 0;
  stubPortalApi({
    user: signedInUser(),
    respond: (url, init) => {
      const method = init.method ?? 'GET';
      if (url === '/api/fileP1/upload') {
        const form = init.body as FormData;
        calls.push({ url, method, body: form });
        const file = form.get('file') as File;
        const lgcSn = form.get('purpose') === 'sealImage' ? 'IMG1' : 'AUTH1';
        return jsonResponse(envelope({ list: [{ lgcSn, name: file.name, size: file.size, mime: file.type }] }));
      }
      if (!url.startsWith('/api/signet/seals')) return undefined;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, method, body });
      if (method === 'GET' && url.startsWith('/api/signet/seals?')) {
        const state = new URL(url, 'http://portal.test').searchParams.get('state');
        const list = seals.filter((seal) => state === 'all' || seal.state === state);
        return jsonResponse(envelope({ list, total: list.length, pageNo: 1, pageSize: 10 }));
      }
      if (method === 'POST' && url === '/api/signet/seals') {
        const { sealName, periodMonths, reason, approverBranch } = body as TSealItem;
        const applied = { sealName, periodMonths, reason, approverBranch, state: 'submitted' as const };
        return jsonResponse(envelope(sealItem({ ...applied, lgcSn: 'S3', sealNo: 'SEAL-2026-000125' })));
      }
      if (url === '/api/signet/seals/S1/cancel-code') return jsonResponse(envelope({ resendAfterSeconds: 60 }));
      if (url === '/api/signet/seals/S1/cancel') {
        cancelAttempts += 1;
        if (cancelAttempts === 1) {
          return jsonResponse(envelope(null, 'PRT_CODE_INCORRECT', 'The verification code is incorrect.'), 400);
        }
        return jsonResponse(envelope({ ...EFFECTIVE, state: 'cancelled', cancelledAt: '2026-11-20T09:00:00.000Z' }));
      }
      return undefined;
    },
  });
  return { calls };
}

const posts = (calls: Call[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url);

async function cardOf(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name: new RegExp(name) }, { timeout: 15_000 });
  return heading.closest('article') as HTMLElement;
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .ant-drawer-title' });
  // The dialog or drawer: the nearest box around the title that also holds its buttons.
  let box: HTMLElement | null = heading;
  while (box && !box.querySelector('.ant-modal-footer, .ant-drawer-footer')) box = box.parentElement;
  if (!box) throw new Error(`no dialog titled ${title}`);
  return box;
}

function pick(container: HTMLElement, accept: string, file: File) {
  const input = container.querySelector(`input[type="file"][accept="${accept}"]`) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('/userCenter/mySignature', () => {
  it('lists the seals with their state, validity and stamped files, filtered by state', {
    timeout: 40_000,
  }, async () => {
    const { calls } = stubSealApi();
    renderApp('/userCenter/mySignature');

    const effective = await cardOf('Contract seal');
    expect(within(effective).getByText('Effective')).toBeTruthy();
    expect(within(effective).getByText('SEAL-2026-000123')).toBeTruthy();
    expect(within(effective).getByText(/^2026-10-0\d to 2028-10-0\d$/)).toBeTruthy();
    expect(within(effective).getByText('Amy Chan (you)')).toBeTruthy();
    expect(within(effective).getByText('Hong Kong Branch')).toBeTruthy();
    expect(within(effective).getByText('Forfaiting agreement for a Vietcombank usance L/C')).toBeTruthy();
    expect(within(effective).getByText('Harbourview Commercial Bank, Danube Trade Bank')).toBeTruthy();
    expect(within(effective).getByText(/^2026-11-0\d \d\d:\d\d UTC([+-]\d{1,2}(:\d\d)?)?$/)).toBeTruthy();
    expect(within(effective).getByRole('button', { name: 'Cancel seal Contract seal' })).toBeTruthy();
    expect(within(effective).getByRole('img', { name: 'Seal “Contract seal”' }).getAttribute('src')).toBe(
      '/api/signet/seals/S1/image',
    );

    const pending = await cardOf('Finance seal');
    expect(within(pending).getByText('Pending approval')).toBeTruthy();
    expect(within(pending).getByText('From approval, for 12 months')).toBeTruthy();
    expect(within(pending).getByText('Not used yet: this seal has not stamped any file.')).toBeTruthy();
    // Only the applicant cancels, and only an effective seal.
    expect(within(pending).queryByRole('button', { name: /Cancel seal/ })).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/signet/seals?state=all&pageNo=1&pageSize=10');

    fireEvent.click(screen.getByText('Effective', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/signet/seals?state=effective&pageNo=1&pageSize=10'),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: /Finance seal/ })).toBeNull());
  });

  it('shows an empty state with the Apply button', { timeout: 40_000 }, async () => {
    stubSealApi({ seals: [] });
    renderApp('/userCenter/mySignature');
    const empty = await screen.findByText(
      'No seals yet. Apply for one to sign contracts on the portal.',
      {},
      { timeout: 15_000 },
    );
    const box = empty.closest('.ant-empty') as HTMLElement;
    fireEvent.click(within(box).getByRole('button', { name: 'Apply for a seal' }));
    expect(await dialogTitled('Apply for an electronic seal')).toBeTruthy();
  });

  it('refuses an incomplete application, naming the fields, and posts it once complete', {
    timeout: 60_000,
  }, async () => {
    const { calls } = stubSealApi();
    renderApp('/userCenter/mySignature');
    await cardOf('Contract seal');
    fireEvent.click(screen.getAllByRole('button', { name: 'Apply for a seal' })[0]!);
    const drawer = await dialogTitled('Apply for an electronic seal');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Submit application' }));
    const title = await within(drawer).findByText('Please complete the application information', {
      selector: '.form-error-summary__title',
    });
    const summary = title.closest('.form-error-summary') as HTMLElement;
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Seal name is required.',
      'Seal image is required.',
      'Application period is required.',
      'Reason for the application is required.',
      'Authorization agreement is required.',
      'Approver branch is required.',
      'Please read and accept the E-signature agreement.',
    ]);
    expect(posts(calls, '/api/signet/seals')).toHaveLength(0);

    fireEvent.change(within(drawer).getByLabelText('Seal name'), { target: { value: 'Contract seal' } });
    pick(drawer, '.png,image/png', new File([pngBytes(400, 400) as BlobPart], 'seal.png', { type: 'image/png' }));
    await within(drawer).findByText('seal.png');
    fireEvent.change(within(drawer).getByLabelText('Application period'), { target: { value: '24' } });
    fireEvent.change(within(drawer).getByLabelText('Reason for the application'), {
      target: { value: 'Signing trade-finance contracts' },
    });
    pick(drawer, '.pdf,application/pdf', new File(['%PDF-1.7'], 'authorization.pdf', { type: 'application/pdf' }));
    await within(drawer).findByText('authorization.pdf');
    fireEvent.change(within(drawer).getByRole('combobox'), { target: { value: 'London' } });
    fireEvent.click(await screen.findByText('London Branch', { selector: '.ant-select-item-option-content' }));

    // The agreement opens in a dialog; accepting it ticks the box.
    fireEvent.click(within(drawer).getByRole('button', { name: 'E-signature agreement' }));
    const agreement = await dialogTitled('Electronic Signature Service Agreement');
    expect(await within(agreement).findByText('6. Legal effect of a signature')).toBeTruthy();
    fireEvent.click(within(agreement).getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect((within(drawer).getByRole('checkbox') as HTMLInputElement).checked).toBe(true));

    const uploads = posts(calls, '/api/fileP1/upload').map((call) => (call.body as FormData).get('purpose'));
    expect(uploads).toEqual(['sealImage', 'sealAuthorization']);

    fireEvent.click(within(drawer).getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(posts(calls, '/api/signet/seals')).toHaveLength(1));
    expect(posts(calls, '/api/signet/seals')[0]!.body).toEqual({
      sealName: 'Contract seal',
      imageFile: 'IMG1',
      periodMonths: 24,
      reason: 'Signing trade-finance contracts',
      authorizationFile: 'AUTH1',
      approverBranch: 'OS_LONDON',
      agreementAccepted: true,
    });
    expect(
      await screen.findByText(
        'Your application for the seal “Contract seal” (No. SEAL-2026-000125) has been submitted. You will be told by e-mail when the Bank has reviewed it.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Submit application')).toBeNull());
  });

  it('cancels an effective seal with the e-mailed code, counting down before another', {
    timeout: 60_000,
  }, async () => {
    const { calls } = stubSealApi();
    renderApp('/userCenter/mySignature');
    const card = await cardOf('Contract seal');
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel seal Contract seal' }));
    const dialog = await dialogTitled('Cancel the seal “Contract seal” (SEAL-2026-000123)?');
    expect(within(dialog).getByText(/can no longer stamp any contract and its certificate is revoked/)).toBeTruthy();

    // No code yet: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: /Cancel the seal$/ }));
    expect(await within(dialog).findByText('Please enter the code from the e-mail.')).toBeTruthy();
    expect(posts(calls, '/api/signet/seals/S1/cancel')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const wait = await within(dialog).findByRole('button', { name: /Send again in (59|60) s$/ });
    expect(wait.hasAttribute('disabled')).toBe(true);
    expect(posts(calls, '/api/signet/seals/S1/cancel-code')).toHaveLength(1);

    // A wrong code is shown on the field; the right one cancels.
    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: 'ZZZZ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Cancel the seal$/ }));
    expect(
      await within(dialog).findByText('The verification code is incorrect.', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: 'AB12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Cancel the seal$/ }));
    await waitFor(() => expect(posts(calls, '/api/signet/seals/S1/cancel')).toHaveLength(2));
    expect(posts(calls, '/api/signet/seals/S1/cancel').map((call) => call.body)).toEqual([
      { code: 'ZZZZ' },
      { code: 'AB12' },
    ]);
    expect(await screen.findByText('The seal “Contract seal” (SEAL-2026-000123) has been cancelled.')).toBeTruthy();
  });
});
