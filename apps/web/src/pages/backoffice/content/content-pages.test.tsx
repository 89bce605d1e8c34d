/**
 * The main action of three content pages of the back office: a new banner saved as a draft, a
 * module entry edited and saved, a topic page edited and saved (in Chinese). Each test asserts
 * the request the editor sends and what the list shows after (the stub keeps what was saved).
 */
import type { TBannerAdmin, TModuleAdmin, TTopicAdmin } from '@portal/shared/schemas/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n/locale.ts';
import { type BackofficeCall, stubBackofficeApi } from '../../../test/backoffice-api.ts';
import { envelope, jsonResponse } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const MANAGED = {
  status: 'draft' as const,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-02T08:00:00.000Z',
  publishedAt: null,
  updatedBy: 'Wei Zhang',
};

const MODULE: TModuleAdmin = {
  ...MANAGED,
  lgcSn: 'M1',
  moduleType: '1',
  key: null,
  title: { en: 'Trade finance', zh: '贸易融资' },
  summary: { en: 'Letters of credit and guarantees.', zh: '信用证与保函。' },
  body: { en: '<p>Our trade finance services.</p>', zh: '<p>我们的贸易融资服务。</p>' },
  image: null,
  linkUrl: '',
  sortOrder: 2,
};

const TOPIC: TTopicAdmin = {
  status: 'published',
  updatedAt: '2026-11-02T08:00:00.000Z',
  publishedAt: '2026-11-02T08:00:00.000Z',
  updatedBy: 'Wei Zhang',
  key: 'greenFinance',
  title: { en: 'Green Finance', zh: '绿色金融' },
  summary: { en: 'Green bonds and loans.', zh: '绿色债券与贷款。' },
  banner: null,
  sections: [],
  portugueseText: '',
  document: null,
};

/**
 * The content API of the back office over lists kept in memory: creating adds an entry, saving
 * replaces it, so the refreshed list shows what was saved.
 */
function stubContent() {
  const banners: TBannerAdmin[] = [];
  const modules: TModuleAdmin[] = [structuredClone(MODULE)];
  const topics: TTopicAdmin[] = [structuredClone(TOPIC)];
  const page = (list: unknown[]) => jsonResponse(envelope({ list, total: list.length, pageNo: 1, pageSize: 10 }));
  const calls = stubBackofficeApi((url, method, body) => {
    const path = url.split('?')[0];
    if (method === 'GET' && path === '/api/backend/content/banners') return page(banners);
    if (method === 'GET' && path === '/api/backend/content/modules') return page(modules);
    if (method === 'GET' && path === '/api/backend/content/modules/M1') return jsonResponse(envelope(modules[0]));
    if (method === 'GET' && path === '/api/backend/content/topics') return jsonResponse(envelope({ list: topics }));
    if (method === 'POST' && path === '/api/backend/content/banners') {
      const created: TBannerAdmin = {
        ...MANAGED,
        lgcSn: 'B1',
        title: body.title,
        image: null,
        wthrChkInd: body.wthrChkInd,
        linksUrl: body.linksUrl,
        questionnaireId: body.questionnaireId,
        sortOrder: body.sortOrder,
        publishFrom: body.publishFrom,
        publishUntil: body.publishUntil,
      };
      banners.push(created);
      return jsonResponse(envelope(created));
    }
    if (method === 'POST' && path === '/api/backend/content/modules/M1') {
      modules[0] = { ...modules[0]!, title: body.title, summary: body.summary, sortOrder: body.sortOrder };
      return jsonResponse(envelope(modules[0]));
    }
    if (method === 'POST' && path === '/api/backend/content/topics/greenFinance') {
      topics[0] = { ...topics[0]!, title: body.title, summary: body.summary };
      return jsonResponse(envelope(topics[0]));
    }
    return undefined;
  });
  return calls;
}

const posts = (calls: BackofficeCall[]) => calls.filter((call) => call.method === 'POST');

async function drawerTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title' }, { timeout: 8000 });
  return heading.closest<HTMLElement>('.ant-drawer') as HTMLElement;
}

async function rowOf(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 8000 });
  return cell.closest('tr') as HTMLElement;
}

describe('/backend/content/banners', { timeout: 40_000 }, () => {
  it('creates a banner as a draft with both titles and its link, and lists it', async () => {
    const calls = stubContent();
    renderApp('/backend/content/banners');
    fireEvent.click(await screen.findByRole('button', { name: /New/ }, { timeout: 8000 }));
    const drawer = await drawerTitled('New entry');

    // Both titles are required: nothing is sent without them.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save as draft' }));
    await within(drawer).findAllByText(/Title \((English|Chinese)\)/, { selector: '.ant-form-item-explain-error' });
    expect(posts(calls)).toEqual([]);

    fireEvent.change(within(drawer).getByLabelText('Title (English)'), { target: { value: 'Green bonds week' } });
    fireEvent.change(within(drawer).getByLabelText('Title (Chinese)'), { target: { value: '绿色债券周' } });
    fireEvent.change(within(drawer).getByLabelText('Link'), { target: { value: 'https://bank.example/green' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save as draft' }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      url: '/api/backend/content/banners',
      method: 'POST',
      body: expect.objectContaining({
        title: { en: 'Green bonds week', zh: '绿色债券周' },
        wthrChkInd: '0',
        linksUrl: 'https://bank.example/green',
        imageFileId: null,
        questionnaireId: null,
        publishFrom: null,
        publishUntil: null,
      }),
    });
    expect(
      await screen.findByText('“Green bonds week” is saved as a draft. Publish it from the list when it is ready.'),
    ).toBeTruthy();
    const row = await rowOf('Green bonds week');
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('https://bank.example/green')).toBeTruthy();
  });
});

describe('/backend/content/modules', { timeout: 40_000 }, () => {
  it('edits a module entry and saves it, keeping its type and text', async () => {
    const calls = stubContent();
    renderApp('/backend/content/modules');
    const row = await rowOf('Trade finance');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Trade finance' }));
    const drawer = await drawerTitled('Edit “Trade finance”');
    const english = (await within(drawer).findByLabelText('Title (English)')) as HTMLInputElement;
    expect(english.value).toBe('Trade finance');

    fireEvent.change(english, { target: { value: 'Trade and supply-chain finance' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      url: '/api/backend/content/modules/M1',
      method: 'POST',
      body: expect.objectContaining({
        moduleType: '1',
        key: null,
        title: { en: 'Trade and supply-chain finance', zh: '贸易融资' },
        summary: MODULE.summary,
        sortOrder: 2,
      }),
    });
    expect(await screen.findByText('“Trade and supply-chain finance” is saved.')).toBeTruthy();
    expect(await rowOf('Trade and supply-chain finance')).toBeTruthy();
  });
});

describe('/backend/content/topics', { timeout: 40_000 }, () => {
  it('edits a topic page and saves it, in Chinese', async () => {
    await setLocale('zh-CN');
    const calls = stubContent();
    renderApp('/backend/content/topics');
    const row = await rowOf('绿色金融');
    fireEvent.click(within(row).getByRole('button', { name: '编辑绿色金融' }));
    const drawer = await drawerTitled('编辑“绿色金融”');

    // An empty title is refused before anything is sent.
    fireEvent.change(within(drawer).getByLabelText('标题（中文）'), { target: { value: '' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await within(drawer).findByText(/标题（中文）/, { selector: '.ant-form-item-explain-error' });
    expect(posts(calls)).toEqual([]);

    fireEvent.change(within(drawer).getByLabelText('标题（中文）'), { target: { value: '绿色金融服务' } });
    fireEvent.change(within(drawer).getByLabelText('摘要（英文）'), {
      target: { value: 'Green bonds, loans and sustainability-linked finance.' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      url: '/api/backend/content/topics/greenFinance',
      method: 'POST',
      body: expect.objectContaining({
        title: { en: 'Green Finance', zh: '绿色金融服务' },
        summary: { en: 'Green bonds, loans and sustainability-linked finance.', zh: '绿色债券与贷款。' },
        sections: [],
        bannerFileId: null,
      }),
    });
    expect(await screen.findByText('“绿色金融”已保存。')).toBeTruthy();
  });
});
