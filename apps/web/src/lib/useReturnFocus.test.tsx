import { act, render, screen } from '@testing-library/react';
import { Modal } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useReturnFocus } from './useReturnFocus.ts';

function Dialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  return (
    <Modal open title="A dialog" onCancel={onClose} footer={null}>
      <input aria-label="Inside" />
    </Modal>
  );
}

/** A page that mounts the dialog to open it and unmounts it to close it. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {open ? <Dialog onClose={() => setOpen(false)} /> : null}
      <button type="button" onClick={() => setOpen(false)}>
        Close from outside
      </button>
    </>
  );
}

describe('useReturnFocus', () => {
  it('gives the focus back to the opener once an unmounted dialog is gone', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    act(() => opener.click());
    const inside = await screen.findByRole('textbox', { name: 'Inside' });
    inside.focus();
    expect(document.activeElement).toBe(inside);

    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByRole('textbox', { name: 'Inside' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves the focus where the person moved it', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    act(() => opener.click());
    await screen.findByRole('textbox', { name: 'Inside' });
    const outside = screen.getByRole('button', { name: 'Close from outside', hidden: true });
    outside.focus();
    act(() => outside.click());
    expect(document.activeElement).toBe(outside);
  });
});
