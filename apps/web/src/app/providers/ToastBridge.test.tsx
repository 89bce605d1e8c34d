import { render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { notifyError, showToast } from '../../lib/notify.ts';
import { ToastBridge } from './ToastBridge.tsx';

function notices(): string[] {
  return [...document.querySelectorAll('.ant-message-notice')].map((notice) => notice.textContent ?? '');
}

describe('toasts, one at a time', () => {
  it('replace a red error with the green success that follows it instead of showing both', async () => {
    render(
      <ConfigProvider>
        <App>
          <ToastBridge />
        </App>
      </ConfigProvider>,
    );
    notifyError('The verification code is incorrect.', 'PRT_CODE_INVALID');
    await screen.findByText('The verification code is incorrect.');
    showToast({ type: 'success', content: 'The contract is signed.' });
    await screen.findByText('The contract is signed.');
    await waitFor(() => expect(notices()).toEqual(['The contract is signed.']));
    expect(document.querySelector('.ant-message-notice .anticon-check-circle')).not.toBeNull();
  });

  it('replace a warning of an incomplete form with the next message', async () => {
    render(
      <ConfigProvider>
        <ToastBridge />
      </ConfigProvider>,
    );
    showToast({ type: 'warning', content: 'Please complete the application information.' });
    await screen.findByText('Please complete the application information.');
    showToast({ type: 'success', content: 'Your seal application has been submitted.' });
    await waitFor(() => expect(notices()).toEqual(['Your seal application has been submitted.']));
  });
});
