import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setToastHandler, type Toast } from '../../lib/notify.ts';
import { envelope, jsonResponse, stubFetch } from '../../test/fetch-mock.ts';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import { acceptFeedbackImages, checkFeedbackImage, FEEDBACK_MAX_IMAGE_BYTES } from './feedback-files.ts';

function image(name: string, size = 2048, type = 'image/png') {
  const file = new File(['img'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('feedback images, checked before upload', () => {
  it('takes jpg, jpeg, png, bmp, pjpeg and jfif up to 10 MB', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.bmp', 'e.pjpeg', 'f.jfif']) {
      const type = name.endsWith('png') ? 'image/png' : name.endsWith('bmp') ? 'image/bmp' : 'image/jpeg';
      expect(checkFeedbackImage(image(name, FEEDBACK_MAX_IMAGE_BYTES, type)), name).toBeNull();
    }
  });

  it('refuses other types and files over 10 MB, naming the file', () => {
    expect(checkFeedbackImage(image('notes.pdf', 100, 'application/pdf'))).toEqual({
      kind: 'badType',
      name: 'notes.pdf',
    });
    expect(checkFeedbackImage(image('fake.png', 100, 'text/html'))).toEqual({ kind: 'badType', name: 'fake.png' });
    expect(checkFeedbackImage(image('big.png', FEEDBACK_MAX_IMAGE_BYTES + 1))).toEqual({
      kind: 'tooLarge',
      name: 'big.png',
    });
  });

  it('keeps at most 10 images and says so', () => {
    const picked = Array.from({ length: 4 }, (_, index) => image(`shot-${index}.png`));
    const { accepted, problems } = acceptFeedbackImages(picked, 8);
    expect(accepted.map((file) => file.name)).toEqual(['shot-0.png', 'shot-1.png']);
    expect(problems).toEqual([{ kind: 'tooMany' }]);
  });
});

describe('feedback dialog', { timeout: 30_000 }, () => {
  function pick(...files: File[]) {
    const input = screen.getByTestId('feedback-file-input') as HTMLInputElement;
    fireEvent.change(input, { target: { files } });
  }

  it('names the missing text and the invalid e-mail, and sends nothing', async () => {
    const fetchMock = stubFetch(() => jsonResponse(envelope({ lgcSn: 'FB1' })));
    render(<FeedbackDialog open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('E-mail for our reply'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('E-mail for our reply is not a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText(/is required\./)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows what is wrong with a picked file and keeps the good ones', async () => {
    stubFetch(() => jsonResponse(envelope({ lgcSn: 'FB1' })));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    render(<FeedbackDialog open onClose={() => {}} />);
    pick(image('screen.png'), image('report.pdf', 100, 'application/pdf'));
    expect(await screen.findByText(/“report.pdf” is not a supported image type/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove screen.png' })).toBeTruthy();
  });

  it('sends text, e-mail and images as multipart, then thanks the reader and closes', async () => {
    const toasts: Toast[] = [];
    setToastHandler((toast) => toasts.push(toast));
    const bodies: FormData[] = [];
    stubFetch((url, init) => {
      expect(url).toBe('/api/feedback/submit');
      bodies.push(init.body as FormData);
      return jsonResponse(envelope({ lgcSn: 'FB1' }));
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const onClose = vi.fn();
    render(<FeedbackDialog open onClose={onClose} initialEmail="amy@partner-bank.example" />);
    fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: 'The report preview is slow.' } });
    await waitFor(() =>
      expect((screen.getByLabelText('E-mail for our reply') as HTMLInputElement).value).toBe(
        'amy@partner-bank.example',
      ),
    );
    pick(image('one.png'), image('two.jpg', 4096, 'image/jpeg'));
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = bodies[0] as FormData;
    expect(form.get('text')).toBe('The report preview is slow.');
    expect(form.get('emailAdr')).toBe('amy@partner-bank.example');
    expect((form.getAll('file') as File[]).map((file) => file.name)).toEqual(['one.png', 'two.jpg']);
    expect(toasts.some((toast) => toast.type === 'success')).toBe(true);
  });
});
