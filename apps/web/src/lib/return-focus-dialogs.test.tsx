/**
 * Every dialog that its page mounts to open and unmounts to close (`{open ? <Dialog /> : null}`)
 * gives the focus back to the control that opened it: antd would only do so after a closing
 * animation, which a dialog taken off the page never plays, and the focus fell to the body.
 */

import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../app/providers/query-client.ts';
import { StopDialog } from '../components/StopDialog.tsx';
import type { RegistrationSummary } from '../features/backoffice/backoffice-api.ts';
import { SignDialog } from '../features/contracts/SignDialog.tsx';
import { UploadContractDialog } from '../features/contracts/UploadContractDialog.tsx';
import { AnswerIntention } from '../features/cooperation/AnswerIntention.tsx';
import { InvalidateDialog } from '../features/cooperation/InvalidateDialog.tsx';
import { intention } from '../features/cooperation/test-fixtures.ts';
import type { BackofficeRequest } from '../features/cooperation-backoffice/cooperation-backoffice-api.ts';
import { PushDialog } from '../features/cooperation-backoffice/PushDialog.tsx';
import { ApplySealDrawer } from '../features/seals/ApplySealDrawer.tsx';
import { CancelSealDialog } from '../features/seals/CancelSealDialog.tsx';
import { ESignatureAgreementDialog } from '../features/seals/ESignatureAgreementDialog.tsx';
import { sealItem } from '../features/seals/test-fixtures.ts';
import { EditUserDialog } from '../features/user-management/EditUserDialog.tsx';
import { InviteUserDialog } from '../features/user-management/InviteUserDialog.tsx';
import type { ManagedUser } from '../features/user-management/user-management-api.ts';
import { DecisionDialog } from '../pages/backoffice/DecisionDialog.tsx';
import { stubPortalApi } from '../test/fetch-mock.ts';

const noop = () => {};
const never = () => new Promise<void>(noop);

const USER = {
  lgcSn: 'U2',
  emailAdr: 'kevin.lau@harbourview.example',
  usrNm: 'Kevin Lau',
  phone: null,
  jobTitle: null,
} as ManagedUser;

/** Each dialog as its page mounts it; `close` is what the page does when the dialog asks to close. */
const DIALOGS: [string, (close: () => void) => ReactNode][] = [
  [
    'InvalidateDialog (withdraw a request)',
    (close) => <InvalidateDialog name="Forfaiting" busy={false} onConfirm={noop} onCancel={close} />,
  ],
  [
    'StopDialog (stop an account)',
    (close) => <StopDialog title="Stop" text="Why?" confirmLabel="Stop account" onConfirm={never} onClose={close} />,
  ],
  ['EditUserDialog', (close) => <EditUserDialog user={USER} onClose={close} onSaved={noop} />],
  [
    'InviteUserDialog',
    (close) => <InviteUserDialog region={null} anywhere institution={null} onClose={close} onInvited={noop} />,
  ],
  [
    'DecisionDialog (review a registration)',
    (close) => (
      <DecisionDialog
        decision="reject"
        registration={
          { lgcSn: 'R1', usrNm: 'Maria Silva', instNm: 'Banco', emailAdr: 'm@b.example' } as RegistrationSummary
        }
        onClose={close}
        onDecided={noop}
      />
    ),
  ],
  [
    'PushDialog (push a request to institutions)',
    (close) => (
      <PushDialog
        request={{ lgcSn: 'Q1', itDpchlstRqmNm: 'Forfaiting', instNm: 'Harbourview' } as BackofficeRequest}
        onConfirm={never}
        onClose={close}
      />
    ),
  ],
  [
    'UploadContractDialog',
    (close) => <UploadContractDialog intentionLgcSn="I1" requestName="Forfaiting" onClose={close} onUploaded={noop} />,
  ],
  [
    'SignDialog (sign a contract)',
    (close) => (
      <SignDialog
        intentionLgcSn="I1"
        placements={[{ sealLgcSn: 'S1', page: 1, x: 0.5, y: 0.5 }]}
        seals={[{ lgcSn: 'S1', sealNo: 'N1', sealName: 'Contract seal', imageUrl: '/seal.png', validTo: '2027-01-01' }]}
        onClose={close}
        onSigned={noop}
        onRefused={noop}
      />
    ),
  ],
  ['CancelSealDialog', (close) => <CancelSealDialog seal={sealItem()} onClose={close} onCancelled={noop} />],
  ['ESignatureAgreementDialog', (close) => <ESignatureAgreementDialog onAccept={close} onClose={close} />],
  [
    'ApplySealDrawer (apply for a seal)',
    (close) => <ApplySealDrawer institutionName="Harbourview" onClose={close} onApplied={noop} />,
  ],
];

function Page({ dialog }: { dialog: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the dialog
      </button>
      {open ? dialog(() => setOpen(false)) : null}
    </>
  );
}

describe('dialogs mounted to open give the focus back to their opener', { timeout: 30_000 }, () => {
  it.each(DIALOGS)('%s', async (_name, dialog) => {
    stubPortalApi();
    // A data router: the seal application asks before the page is left (useBlocker).
    const router = createMemoryRouter([{ path: '/', element: <Page dialog={dialog} /> }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Open the dialog' });
    opener.focus();
    act(() => opener.click());
    const shown = await screen.findByRole('dialog');
    // The person works in the dialog (its own focus handling may already have moved it there).
    const inside = shown.querySelector<HTMLElement>('input, textarea, button:not([disabled])');
    inside?.focus();
    expect(document.activeElement).not.toBe(opener);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('AnswerIntention (agree to an intention, confirmed in place)', async () => {
    stubPortalApi();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AnswerIntention intention={intention()} />
      </QueryClientProvider>,
    );
    const agree = screen.getByRole('button', { name: 'Agree to the intention of Nordic Harbour Bank' });
    agree.focus();
    act(() => agree.click());
    const shown = await screen.findByRole('dialog');
    shown.querySelector<HTMLElement>('button')?.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(agree);
  });
});
