import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { IntentionDialog } from './IntentionDialog.tsx';

/** The detail page's way: the dialog is mounted to open and unmounted to close. */
function DetailPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Send cooperation intention
      </button>
      {open ? (
        <IntentionDialog
          requestLgcSn="REQ-1"
          requestName="Forfaiting of a deferred-payment L/C"
          institution="Nordlys Handelsbank ASA"
          onClose={() => setOpen(false)}
          onSent={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

describe('cooperation-intention dialog, for keyboard and screen-reader users', { timeout: 30_000 }, () => {
  it('takes the focus to the message when it opens and gives it back to its button when it closes', async () => {
    render(<DetailPage />);
    const opener = screen.getByRole('button', { name: 'Send cooperation intention' });
    opener.focus();
    act(() => opener.click());
    const message = await screen.findByRole('textbox', { name: /Message to the publisher/ });
    expect(document.activeElement).toBe(message);

    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(screen.queryByRole('textbox', { name: /Message to the publisher/ })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('ties the missing message’s error to the field', async () => {
    render(<DetailPage />);
    act(() => screen.getByRole('button', { name: 'Send cooperation intention' }).click());
    const message = await screen.findByRole('textbox', { name: /Message to the publisher/ });
    fireEvent.click(screen.getByRole('button', { name: 'Send intention' }));
    const error = await screen.findByText('Message to the publisher is required.');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    const described = (message.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.some((id) => id && document.getElementById(id)?.contains(error))).toBe(true);
  });
});

describe('cooperation-intention dialog, while the reader types', { timeout: 30_000 }, () => {
  it('takes "required" away as soon as a message is typed, without leaving the field', async () => {
    render(<DetailPage />);
    act(() => screen.getByRole('button', { name: 'Send cooperation intention' }).click());
    const message = await screen.findByRole('textbox', { name: /Message to the publisher/ });
    fireEvent.click(screen.getByRole('button', { name: 'Send intention' }));
    await screen.findByText(/is required\./);
    message.focus();
    fireEvent.change(message, {
      target: { value: 'We would like to take part in this forfaiting. '.repeat(3).slice(0, 120) },
    });
    await waitFor(() => expect(screen.queryByText(/is required\./)).toBeNull());
    expect(document.activeElement).toBe(message);
    expect(message.getAttribute('aria-invalid')).not.toBe('true');
  });
});
