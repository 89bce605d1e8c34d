/**
 * Issue 16: antd names its icons by their icon name ("close-circle", "eye-invisible") and its
 * table selection in English ("Select all"); on a Chinese page every name is Chinese, and an
 * icon that only decorates is hidden.
 */
import { act, render, waitFor } from '@testing-library/react';
import { Alert, Button, ConfigProvider, Input, Select, Table } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n/i18n.ts';
import { setLocale } from '../lib/i18n/locale.ts';
import { AntdIconNames } from './AntdIconNames.tsx';

afterEach(async () => {
  await setLocale('en-US');
});

function Page() {
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={zhCN}>
        <AntdIconNames />
        <Input.Password defaultValue="secret" aria-label="密码" />
        <Input allowClear defaultValue="text" aria-label="关键词" />
        <Select allowClear open={false} defaultValue="a" options={[{ value: 'a', label: '甲' }]} aria-label="类型" />
        <Alert type="error" showIcon title="出错了" />
        <Button icon={<span className="anticon anticon-search" role="img" aria-label="search" />}>搜索</Button>
        <Table
          rowKey="id"
          rowSelection={{}}
          columns={[{ title: '名称', dataIndex: 'name' }]}
          dataSource={[
            { id: 1, name: '甲' },
            { id: 2, name: '乙' },
          ]}
          pagination={false}
        />
      </ConfigProvider>
    </I18nextProvider>
  );
}

/** The aria-labels on the page that are an antd icon's name or English words. */
function untranslated(): string[] {
  return Array.from(document.querySelectorAll('[aria-label]'), (element) => {
    const label = element.getAttribute('aria-label') ?? '';
    const iconName = element.classList.contains(`anticon-${label}`);
    const english = /^[A-Za-z][A-Za-z0-9 -]*$/.test(label);
    return iconName || english ? label : null;
  }).filter((label): label is string => label !== null);
}

describe('AntdIconNames', () => {
  it('names antd icons and selection boxes in Chinese on a Chinese page', async () => {
    await setLocale('zh-CN');
    render(<Page />);
    await waitFor(() => expect(untranslated()).toEqual([]));
    const labels = Array.from(document.querySelectorAll('[aria-label]'), (element) =>
      element.getAttribute('aria-label'),
    );
    expect(labels).toEqual(expect.arrayContaining(['清除', '全选', '选择第 1 行']));
    // The show-password control has antd's Chinese name; its eye icon is hidden.
    expect(document.querySelector('.anticon-eye-invisible')?.getAttribute('aria-hidden')).toBe('true');
    // The alert's icon and the icon of a button with words only decorate.
    expect(document.querySelector('.ant-alert .anticon')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('button .anticon-search')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('follows a change of language', async () => {
    await setLocale('zh-CN');
    render(<Page />);
    await waitFor(() => expect(untranslated()).toEqual([]));
    await act(async () => {
      await setLocale('en-US');
    });
    await waitFor(() => {
      const labels = Array.from(document.querySelectorAll('[aria-label]'), (element) =>
        element.getAttribute('aria-label'),
      );
      expect(labels).toEqual(expect.arrayContaining(['Clear', 'Select all', 'Select row 1']));
      expect(labels).not.toContain('清除');
    });
  });
});
