import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../validation.ts';
import { ZBannerInput, ZModuleInput, ZQuestionnaireInput } from './content.ts';
import { isSafeHttpsLink, isSafeLink, ZLink } from './links.ts';

/** Links that lead off-site while looking same-site, or run code: never stored, never rendered. */
const UNSAFE_LINKS = [
  '//evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  ' //evil',
  '\t//evil',
  '/\t/evil.example',
  '/\n/evil.example',
  'http:/\\evil',
  'http:\\\\evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https://\\evil.example',
  'https://bank.example\\@evil.example',
  'https://user:pass@evil.example',
  'https://bank.example@evil.example',
  'https://',
  'https:// evil.example',
  'https://bank.example/a b',
  'https://bank\u202e.example',
  '/about\u0000',
  '/\u200b/evil.example',
  'about',
  './about',
  '#top',
  'mailto:a@b.example',
  'ftp://files.example/x',
];

const SAFE_LINKS = [
  'https://bank.example/x',
  'http://bank.example',
  'HTTPS://Bank.Example/Path?q=1#part',
  'https://银行.example/报告',
  '/about',
  '/',
  '/policyInformation?category=bonds#list',
  '/a/b//c',
];

describe('isSafeLink', () => {
  it.each(UNSAFE_LINKS)('refuses %j', (link) => {
    expect(isSafeLink(link)).toBe(false);
  });

  it.each(SAFE_LINKS)('accepts %j', (link) => {
    expect(isSafeLink(link)).toBe(true);
  });

  it('refuses what is not a string, empty or too long', () => {
    expect(isSafeLink(undefined)).toBe(false);
    expect(isSafeLink(null)).toBe(false);
    expect(isSafeLink('')).toBe(false);
    expect(isSafeLink(`/${'a'.repeat(2000)}`)).toBe(false);
  });

  it('takes only https:// for questionnaires', () => {
    expect(isSafeHttpsLink('https://survey.example/q')).toBe(true);
    expect(isSafeHttpsLink('http://survey.example/q')).toBe(false);
    expect(isSafeHttpsLink('/survey')).toBe(false);
    expect(isSafeHttpsLink('https://\\evil.example')).toBe(false);
  });
});

const banner = (linksUrl: string) => ({ title: { en: 'Week', zh: '周' }, linksUrl });
const module = (linkUrl: string) => ({
  moduleType: '1',
  title: { en: 'Trade finance', zh: '贸易融资' },
  summary: { en: '', zh: '' },
  body: { en: '', zh: '' },
  linkUrl,
});
const questionnaire = (link: string) => ({ name: { en: 'Survey', zh: '问卷' }, link });

describe('staff link fields', () => {
  const fields = [
    ['banner linksUrl', ZBannerInput, banner, 'linksUrl'],
    ['module linkUrl', ZModuleInput, module, 'linkUrl'],
  ] as const;

  for (const [label, schema, build, field] of fields) {
    it.each(UNSAFE_LINKS.filter((link) => link.trim() !== ''))(`${label} refuses %j with a field error`, (link) => {
      const result = schema.safeParse(build(link));
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
    });

    it(`${label} accepts https://bank.example/x, /about and nothing`, () => {
      for (const link of ['https://bank.example/x', '/about', '']) {
        expect(schema.safeParse(build(link)).success).toBe(true);
      }
    });
  }

  it('questionnaire link: https only, same refusals', () => {
    for (const link of [...UNSAFE_LINKS, 'http://survey.example', '/about', '']) {
      expect(ZQuestionnaireInput.safeParse(questionnaire(link)).success).toBe(false);
    }
    expect(ZQuestionnaireInput.safeParse(questionnaire('https://survey.example/q')).success).toBe(true);
  });

  it('names the rule in both languages', () => {
    const input = banner('//evil.example/x');
    const issues = ZBannerInput.safeParse(input).error!.issues;
    expect(localizeIssues(issues, 'en-US', input)).toEqual([
      {
        field: 'linksUrl',
        rule: 'link',
        message:
          'Link must be an address starting with https:// or http://, or a path on this site starting with a single / (such as /about).',
      },
    ]);
    expect(localizeIssues(issues, 'zh-CN', input)).toEqual([
      {
        field: 'linksUrl',
        rule: 'link',
        message: '链接须为以 https:// 或 http:// 开头的地址，或以单个 / 开头的本站路径（如 /about）。',
      },
    ]);
    const q = questionnaire('javascript:alert(1)');
    expect(localizeIssues(ZQuestionnaireInput.safeParse(q).error!.issues, 'zh-CN', q)[0]).toMatchObject({
      field: 'link',
      rule: 'httpsLink',
      message: '问卷链接须为以 https:// 开头的地址。',
    });
  });

  it('trims outer spaces before the check, so " //evil" is still refused', () => {
    expect(ZLink.safeParse(' //evil').success).toBe(false);
    expect(ZLink.safeParse(' /about ').data).toBe('/about');
  });
});
