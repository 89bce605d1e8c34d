import { ZManualPushRequest } from '@portal/shared/schemas/cooperation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, type FormInstance, Select, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { schemaRule } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { fetchInstitutions, type ManagedInstitution } from '../user-management/user-management-api.ts';
import { type BackofficeRequest, cooperationBackofficeKeys } from './cooperation-backoffice-api.ts';

const SEARCH_DELAY_MS = 300;
const OPTIONS_PAGE_SIZE = 20;

type Option = { value: string; label: string };

function optionOf(institution: ManagedInstitution): Option {
  return {
    value: institution.lgcSn,
    label: institution.swiftCode ? `${institution.name} (${institution.swiftCode})` : institution.name,
  };
}

/**
 * The institutions matching what is typed (after a pause), the chosen ones first with the names
 * they had when chosen; the publisher's own institution is left out.
 */
function useInstitutionSearch(form: FormInstance<{ institutions?: string[] }>, ownName: BackofficeRequest['instNm']) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // Labels of every institution seen, so chosen ones keep their names while the search changes.
  const labels = useRef(new Map<string, string>());
  const chosen = Form.useWatch('institutions', form) ?? [];

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const found = useQuery({
    queryKey: cooperationBackofficeKeys.institutionOptions(q),
    queryFn: ({ signal }) => fetchInstitutions({ q, status: 'active', pageNo: 1, pageSize: OPTIONS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

  const options = useMemo(() => {
    const fetched = (found.data?.list ?? [])
      // The publisher's own institution is not a counterpart.
      .filter((institution) => institution.name !== ownName)
      .map(optionOf);
    for (const option of fetched) labels.current.set(option.value, option.label);
    const fetchedValues = new Set(fetched.map((option) => option.value));
    const kept = chosen
      .filter((value) => !fetchedValues.has(value))
      .map((value) => ({ value, label: labels.current.get(value) ?? value }));
    return [...kept, ...fetched];
  }, [found.data, chosen, ownName]);

  return { typed, setTyped, found, options };
}

/**
 * Pushes a request to institutions the bank chooses (decision 0006, manual push): a searchable
 * multi-select over the active institutions (GET /api/backend/institutions?q=), checked with
 * the shared schema. `onConfirm` sends the choice; a rejection leaves the dialog open.
 */
export function PushDialog({
  request,
  onConfirm,
  onClose,
}: {
  request: BackofficeRequest;
  onConfirm: (institutions: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('backoffice');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  const [form] = Form.useForm<{ institutions?: string[] }>();
  const { typed, setTyped, found, options } = useInstitutionSearch(form, request.instNm);

  const { submit: confirm, saving } = useSchemaSubmit(form, ZManualPushRequest, (body) => onConfirm(body.institutions));

  return (
    <FormDialog
      title={t('cooperation.push.title', { name: request.itDpchlstRqmNm })}
      okText={t('cooperation.push.confirm')}
      cancelText={t('cooperation.push.cancel')}
      saving={saving}
      onOk={() => void confirm()}
      onClose={onClose}
      width={600}
    >
      <p className="confirm-dialog__text">{t('cooperation.push.text')}</p>
      <Form form={form} layout="vertical" name="pushRequest" onFinish={() => void confirm()}>
        <Form.Item
          name="institutions"
          label={t('cooperation.push.institutions')}
          required
          rules={[schemaRule(ZManualPushRequest, 'institutions')]}
          extra={t('cooperation.push.hint')}
        >
          <Select<string[]>
            mode="multiple"
            showSearch
            autoFocus
            filterOption={false}
            searchValue={typed}
            onSearch={setTyped}
            onSelect={() => setTyped('')}
            options={options}
            placeholder={t('cooperation.push.placeholder')}
            maxCount={50}
            notFoundContent={
              found.isFetching ? (
                <Spin size="small" aria-label={t('cooperation.push.searching')} />
              ) : (
                t('cooperation.push.noInstitutions')
              )
            }
          />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
