import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/api-error.ts';
import { type SchemaSubmitOptions, useSchemaSubmit } from './useSchemaSubmit.ts';

const ZNote = z.object({ note: z.string().trim().min(1), ref: z.string() });

function NoteForm({
  send,
  options,
}: {
  send: (data: z.output<typeof ZNote>) => Promise<void>;
  options?: SchemaSubmitOptions;
}) {
  const [form] = Form.useForm();
  const { submit, saving } = useSchemaSubmit(form, ZNote, send, {
    prepare: (values) => ({ ...values, ref: 'R1' }),
    ...options,
  });
  return (
    <Form form={form} onFinish={() => void submit()}>
      <Form.Item name="note" label="Note">
        <Input />
      </Form.Item>
      <Button htmlType="submit" loading={saving}>
        Send
      </Button>
    </Form>
  );
}

const deferred = () => {
  let resolve: () => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};

describe('useSchemaSubmit', () => {
  it('sends nothing while the schema finds the form invalid, and says why on the field', async () => {
    const send = vi.fn(async () => {});
    render(<NoteForm send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/required|at least/i)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the parsed data (prepared values included), saving meanwhile', async () => {
    const pending = deferred();
    const send = vi.fn(() => pending.promise);
    render(<NoteForm send={send} />);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: '  hello ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ note: 'hello', ref: 'R1' }));
    await waitFor(() => expect(document.querySelector('.ant-btn-loading')).toBeTruthy());
    pending.resolve();
    await waitFor(() => expect(document.querySelector('.ant-btn-loading')).toBeNull());
  });

  it('shows the server’s field errors on the form and tells onApiError', async () => {
    const onApiError = vi.fn();
    const error = new ApiError({
      code: 'PRT_VALIDATION',
      message: 'Some fields are not valid.',
      status: 422,
      data: { fields: [{ field: 'note', rule: 'banned', message: 'Note uses a banned word.' }] },
    });
    render(<NoteForm send={() => Promise.reject(error)} options={{ onApiError }} />);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Note uses a banned word.')).toBeTruthy();
    expect(onApiError).toHaveBeenCalledWith(error);
    await waitFor(() => expect(document.querySelector('.ant-btn-loading')).toBeNull());
  });
});
