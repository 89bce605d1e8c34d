import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../components/icons.tsx';
import { apiDownload, type FixedApiPath, type QueryParams } from '../../lib/api/api-client.ts';

/** Hands a downloaded file to the browser as a download with its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The filters of a list as an export's query: empty values left out, the page never sent. */
export function exportQuery(filters: Record<string, string | number | null | undefined>): QueryParams {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === null || value === undefined || value === '') continue;
    query[key] = value;
  }
  return query;
}

/**
 * "Export": downloads every row matching the list's current filters as a CSV spreadsheet (the
 * server builds it, header in the reader's language). A failure (too many rows, no right) shows
 * the server's message like any other request.
 */
export function ExportButton({
  path,
  filters,
}: {
  path: FixedApiPath<'get'>;
  filters: Record<string, string | number | null | undefined>;
}) {
  const { t } = useTranslation('backoffice');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await apiDownload(path, { query: exportQuery(filters), mask: false });
      saveFile(file.blob, file.fileName ?? 'export.csv');
    } catch {
      // The request helper has already shown the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={
        <LineIcon>
          <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
        </LineIcon>
      }
      loading={busy}
      onClick={download}
      title={t('export.buttonHint')}
    >
      {t('export.button')}
    </Button>
  );
}
