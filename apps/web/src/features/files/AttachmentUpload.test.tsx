import { MAX_ATTACHMENT_BYTES } from '@portal/shared/schemas/files';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../lib/i18n/locale.ts';
import { setToastHandler, type Toast } from '../../lib/notify.ts';
import { envelope, jsonResponse, stubFetch } from '../../test/fetch-mock.ts';
import { AttachmentUpload, type AttachmentUploadProps } from './AttachmentUpload.tsx';

function Harness(props: Omit<AttachmentUploadProps, 'value' | 'onChange'> & { onIds: (ids: string[]) => void }) {
  const { onIds, ...rest } = props;
  const [value, setValue] = useState<string[]>([]);
  return (
    <AttachmentUpload
      {...rest}
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onIds(ids);
      }}
    />
  );
}

function fileOf(name: string, size: number, type = 'application/pdf') {
  const file = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function pick(container: HTMLElement, ...files: File[]) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

function captureToasts() {
  const toasts: Toast[] = [];
  setToastHandler((toast) => toasts.push(toast));
  return toasts;
}

describe('AttachmentUpload', () => {
  it('uploads a picked file with the registrant’s address and code, and reports its id', async () => {
    const sent: FormData[] = [];
    stubFetch((url, init) => {
      expect(url).toBe('/api/fileP1/upload');
      sent.push(init.body as FormData);
      return jsonResponse(
        envelope({ list: [{ lgcSn: 'f-1', name: 'profile.pdf', size: 2048, mime: 'application/pdf' }] }),
      );
    });
    const onIds = vi.fn();
    const { container } = render(
      <Harness onIds={onIds} registrant={() => ({ emailAdr: 'amy@bank.example', emailCode: 'AB3K' })} />,
    );
    pick(container, fileOf('profile.pdf', 2048));
    await waitFor(() => expect(onIds).toHaveBeenCalledWith(['f-1']));
    const form = sent[0]!;
    expect(form.get('purpose')).toBe('attachment');
    expect(form.get('emailAdr')).toBe('amy@bank.example');
    expect(form.get('emailCode')).toBe('AB3K');
    expect((form.get('file') as File).name).toBe('profile.pdf');
    expect(await screen.findByText('profile.pdf (2 KB)')).toBeTruthy();
  });

  it('sends no address or code for a signed-in user', async () => {
    const sent: FormData[] = [];
    stubFetch((_url, init) => {
      sent.push(init.body as FormData);
      return jsonResponse(envelope({ list: [{ lgcSn: 'f-2', name: 'a.png', size: 10, mime: 'image/png' }] }));
    });
    const onIds = vi.fn();
    const { container } = render(<Harness onIds={onIds} />);
    pick(container, fileOf('a.png', 10, 'image/png'));
    await waitFor(() => expect(onIds).toHaveBeenCalledWith(['f-2']));
    expect(sent[0]!.has('emailAdr')).toBe(false);
  });

  it.each([
    ['en-US', 'File size less than 10M: big.pdf is too large.', 'Unsupported file format: tool.exe.'],
    ['zh-CN', '文件大小需小于10M：big.pdf 过大。', '不支持的文件格式：tool.exe。'],
  ] as const)('refuses, before uploading, a file over 10M or of another format (%s)', async (locale, big, format) => {
    await setLocale(locale);
    const fetchMock = stubFetch(() => jsonResponse(envelope({ list: [] })));
    const toasts = captureToasts();
    const { container } = render(<Harness onIds={vi.fn()} />);
    pick(container, fileOf('big.pdf', MAX_ATTACHMENT_BYTES + 1));
    pick(container, fileOf('tool.exe', 10, 'application/octet-stream'));
    await waitFor(() => expect(toasts.map((toast) => toast.content)).toEqual([big, format]));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(container.querySelectorAll('.ant-upload-list-item')).toHaveLength(0);
  });

  it('shows the server’s refusal on the file', async () => {
    stubFetch(() =>
      jsonResponse(
        envelope(
          null,
          'PRT_UNSUPPORTED_MEDIA_TYPE',
          'The content type application/x-msdownload is not supported here.',
        ),
        415,
      ),
    );
    const toasts = captureToasts();
    const onIds = vi.fn();
    const { container } = render(<Harness onIds={onIds} />);
    pick(container, fileOf('renamed.pdf', 100));
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-error')).not.toBeNull());
    expect(toasts.map((toast) => toast.content)).toContain(
      'The content type application/x-msdownload is not supported here.',
    );
    expect(onIds).not.toHaveBeenCalled();
  });
});
