import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, type MailTemplates, renderMail } from './templates.ts';

const brand = {
  portalName: { en: 'Interbank Cooperation Portal', zh: '同业合作平台' },
  bankName: { en: 'Global Cooperation Bank', zh: '环球合作银行' },
  serviceLine: '0086-95533',
  orgEmail: 'fi-cooperation@portal.example',
};

const SAMPLE: MailTemplates = {
  sealDecided: {
    name: 'Ann Lee',
    seal: 'Contract seal',
    sealNo: 'ES2026000001',
    decision: 'reject',
    reason: 'The authorization letter is not signed.',
    link: 'https://portal.example/userCenter/mySignature',
  },
  contractEvent: {
    name: 'Ann Lee',
    title: 'Forfaiting agreement',
    request: 'USD 5m forfaiting',
    institution: 'Bank of Example',
    event: 'signed',
    link: 'https://portal.example/previewContract?id=abc',
  },
  emailCode: { code: 'K7QX', purpose: 'login', minutes: 10 },
  registrationReceived: { name: 'Ann Lee' },
  registrationApproved: { name: 'Ann Lee', loginUrl: 'https://portal.example/home' },
  registrationRejected: {
    name: 'Ann Lee',
    note: 'SWIFT code does not match the institution.',
    refillUrl: 'https://portal.example/register',
  },
  supplementRequested: {
    name: 'Ann Lee',
    note: 'Please add your job title.',
    refillUrl: 'https://portal.example/register',
  },
  passwordChanged: { name: 'Ann Lee' },
  loginAttempts: { name: 'Ann Lee', failures: 5, resetUrl: 'https://portal.example/resetPassword' },
  dormantWarning: { name: 'Ann Lee', days: 30, loginUrl: 'https://portal.example/home' },
  dormantStopped: { name: 'Ann Lee' },
  alreadyRegistered: { loginUrl: 'https://portal.example/home', resetUrl: 'https://portal.example/resetPassword' },
  invitation: { inviterName: 'Wang Fang', institution: 'Bank of Example', link: 'https://portal.example/invite/abc' },
  feedbackAnswered: { feedback: 'The PDF preview does not open.', answer: 'Fixed: please reload the page.' },
  leaveMessageReplied: { name: 'Ann Lee', message: 'Who handles panda bonds?', reply: 'Our DCM desk will call you.' },
  intentionReceived: {
    name: 'Ann Lee',
    request: 'USD 5m bilateral loan',
    institution: 'Bank of Example',
    sender: 'Wang Fang',
    message: 'We would like to discuss the pricing.',
    link: 'https://portal.example/cooperationDetail?lgcSn=abc',
  },
  intentionAnswered: {
    name: 'Ann Lee',
    request: 'USD 5m bilateral loan',
    institution: 'Bank of Example',
    decision: 'agree',
    link: 'https://portal.example/cooperationDetail?lgcSn=abc',
  },
};

const render = <T extends keyof MailTemplates>(
  template: T,
  locale: string,
  params: MailTemplates[T] = SAMPLE[template],
) => renderMail(template, locale, params, brand);

describe('renderMail', () => {
  it.each(MAIL_TEMPLATES.flatMap((t) => [[t, 'en-US'] as const, [t, 'zh-CN'] as const]))(
    '%s in %s has every text and parameter filled in',
    (template, locale) => {
      const mail = render(template, locale);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/\{\{|\bmail\.\w+\.\w+/); // no placeholder left, no missing key
      }
      const portal = locale === 'zh-CN' ? '同业合作平台' : 'Interbank Cooperation Portal';
      expect(mail.subject).toContain(portal);
      expect(mail.text).toContain(brand.serviceLine);
      expect(mail.html).toContain(portal);
      expect(mail.html).toMatch(new RegExp(`^<!DOCTYPE html>\\n<html lang="${locale}">`));
      if (locale === 'zh-CN') expect(mail.subject).toMatch(/[\u4e00-\u9fff]/);
      else expect(mail.subject).not.toMatch(/[\u4e00-\u9fff]/);
    },
  );

  it('writes to a person by name', () => {
    expect(render('passwordChanged', 'en-US').text).toMatch(/^Dear Ann Lee,/);
    expect(render('passwordChanged', 'zh-CN').text).toMatch(/^尊敬的Ann Lee：/);
  });

  it('gives each e-mail code purpose its own subject and introduction, and shows the code', () => {
    const mails = (['register', 'login', 'reset'] as const).map((purpose) =>
      render('emailCode', 'zh-CN', { code: 'K7QX', purpose, minutes: 10 }),
    );
    expect(new Set(mails.map((m) => m.subject)).size).toBe(3);
    expect(mails[0]!.subject).toBe('同业合作平台注册验证码');
    expect(new Set(mails.map((m) => m.text.split('\n')[2])).size).toBe(3);
    for (const mail of mails) {
      expect(mail.text).toContain('验证码：K7QX');
      expect(mail.text).toContain('10分钟内有效');
      expect(mail.html).toContain('>K7QX</div>');
      expect(mail.subject).not.toContain('K7QX'); // subjects are logged and shown in previews
    }
    expect(render('emailCode', 'en-US').subject).toBe('Your log-in verification code – Interbank Cooperation Portal');
  });

  it('escapes every parameter in the HTML and keeps it as typed in the text', () => {
    const evil = '<script>alert("x")</script> & Co';
    const mail = render('registrationRejected', 'en-US', {
      name: evil,
      note: '<img src=x onerror=alert(1)>',
      refillUrl: 'https://portal.example/register?a=1&b="2"',
    });
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain('Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co,');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('href="https://portal.example/register?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain(`Dear ${evil},`);
  });

  it('does not make a link of anything but an http(s) address', () => {
    const mail = render('invitation', 'en-US', { inviterName: 'X', institution: 'Y', link: 'javascript:alert(1)' });
    expect(mail.html).not.toContain('href="javascript:');
    expect(mail.html).toContain('Accept invitation: javascript:alert(1)');
  });

  it('keeps a parameter from breaking the subject into two header lines', () => {
    const mail = render('invitation', 'en-US', {
      inviterName: 'Eve\r\nBcc: all@example.com',
      institution: 'Y',
      link: 'https://x.example',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('does not fill placeholders found inside a parameter', () => {
    const mail = render('passwordChanged', 'en-US', { name: '{{orgEmail}}' });
    expect(mail.text).toContain('Dear {{orgEmail}},');
  });

  it('leaves out an empty reviewer note', () => {
    const mail = render('registrationRejected', 'en-US', { ...SAMPLE.registrationRejected, note: '' });
    expect(mail.text).not.toContain("Reviewer's comments");
    expect(render('registrationRejected', 'en-US').text).toContain("Reviewer's comments:\nSWIFT code does not match");
  });

  it('falls back to English for a locale other than Chinese, and to Chinese for any zh tag', () => {
    expect(render('dormantStopped', 'fr-FR').subject).toBe(render('dormantStopped', 'en-US').subject);
    expect(render('dormantStopped', 'zh').subject).toBe(render('dormantStopped', 'zh-CN').subject);
  });
});
