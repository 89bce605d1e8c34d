import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/providers/query-client.ts';
import { loadNamespace } from '../../lib/i18n/namespaces.ts';
import { stubPortalApi } from '../../test/fetch-mock.ts';
import { ESignatureAgreementDialog } from './ESignatureAgreementDialog.tsx';

describe('the e-signature agreement dialog', () => {
  it('names the agreement once, in its title, above the version and the text', async () => {
    stubPortalApi({});
    await loadNamespace('seals');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ESignatureAgreementDialog onAccept={vi.fn()} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    await screen.findByText(/Version 1\.0/);
    expect(screen.getAllByText('Electronic Signature Service Agreement')).toHaveLength(1);
    expect(screen.getByText('Electronic Signature Service Agreement').closest('.ant-modal-title')).not.toBeNull();
  });
});
