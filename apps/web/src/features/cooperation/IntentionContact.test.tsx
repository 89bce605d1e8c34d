import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n/locale.ts';
import { IntentionContact } from './IntentionContact.tsx';
import { intention } from './test-fixtures.ts';

const contact = {
  institution: 'Nordic Harbour Bank',
  name: 'Lars Berg',
  email: 'lars.berg@nhb.example',
  phone: '+46 8 123 45 67',
};

const show = (item: ReturnType<typeof intention>) =>
  render(
    <MemoryRouter>
      <IntentionContact intention={item} />
    </MemoryRouter>,
  );

describe('the contact of an agreed intention', () => {
  it('shows the other side’s person, e-mail (mailto) and phone, and the next step to the contracts', () => {
    show(intention({ status: 'agreed', handled: true, canAnswer: false, counterpartContact: contact }));
    const block = screen.getByRole('region', { name: 'Contact at Nordic Harbour Bank' });
    expect(within(block).getByText('Lars Berg')).toBeTruthy();
    expect(within(block).getByRole('link', { name: 'lars.berg@nhb.example' }).getAttribute('href')).toBe(
      'mailto:lars.berg@nhb.example',
    );
    expect(within(block).getByRole('link', { name: '+46 8 123 45 67' }).getAttribute('href')).toBe('tel:+4681234567');
    expect(within(block).getByText('Next step:')).toBeTruthy();
    expect(
      within(block).getByRole('link', { name: 'upload and sign the contract under Contracts' }).getAttribute('href'),
    ).toBe('/userCenter/myCooperation?tab=contracts');
  });

  it('shows nothing before agreement, nor when the server gave no contact', () => {
    const { container } = show(intention({ status: 'pending', counterpartContact: null }));
    expect(container.textContent).toBe('');
    show(intention({ status: 'rejected', counterpartContact: contact }));
    show(intention({ status: 'agreed', counterpartContact: null }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('reads in Chinese', async () => {
    await setLocale('zh-CN');
    show(intention({ status: 'agreed', counterpartContact: contact }));
    expect(screen.getByRole('region', { name: 'Nordic Harbour Bank联系人' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '前往「合同」上传并签署合同' })).toBeTruthy();
  });
});
