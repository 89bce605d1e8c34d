import {
  ZChangePasswordRequest,
  ZLoginPrecheckRequest,
  ZLoginRequest,
  ZProfileUpdateRequest,
  ZRegisterRequest,
} from '@portal/shared/schemas/accounts';
import { fireEvent, render, screen } from '@testing-library/react';
import { Button, Form, type FormInstance, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { setLocale } from '../i18n/locale.ts';
import {
  applyServerErrors,
  checkWithSchema,
  schemaRule,
  serverFieldErrors,
  toFieldPath,
  validateForm,
} from './schema-form.ts';

function fakeForm(values: Record<string, unknown> = {}) {
  const form = {
    setFields: vi.fn(),
    scrollToField: vi.fn(),
    getFieldsValue: vi.fn(() => values),
  };
  return form as typeof form & FormInstance;
}

const validProfile = {
  instNm: 'Harbourview Commercial Bank',
  instSwiftCode: 'HVCBHKHH',
  usrNm: 'Amy Chan',
  phone: '+852 3900 1200',
  jobTitle: 'Head of Correspondent Banking',
  userRole: 'admin',
  releaseInfoTypes: ['TRADE_FINANCE'],
  branchType: 'headOffice',
  officeAddress: '88 Queensway, Hong Kong',
  continent: 'ASIA',
  country: 'HK',
  interestedTypes: ['FORFAITING'],
};

describe('toFieldPath', () => {
  it('turns a dotted server field into the form name path, dropping item indexes', () => {
    expect(toFieldPath('emailAdr')).toEqual(['emailAdr']);
    expect(toFieldPath('profile.instSwiftCode')).toEqual(['profile', 'instSwiftCode']);
    expect(toFieldPath('profile.interestedTypes.3')).toEqual(['profile', 'interestedTypes']);
    expect(toFieldPath(['profile', 'usualContactBranches', 0])).toEqual(['profile', 'usualContactBranches']);
  });
});

describe('checkWithSchema: zod issues → form field errors in the reader’s language', () => {
  it('names each empty login field in English', () => {
    const check = checkWithSchema(ZLoginRequest, { verifyCodeTraceId: 't' });
    expect(check.success).toBe(false);
    expect(check.errors).toEqual([
      { name: ['emailAdr'], errors: ['E-mail is required.'] },
      { name: ['pwd'], errors: ['Password is required.'] },
      { name: ['verifyCode'], errors: ['Picture code is required.'] },
    ]);
  });

  it('says it in Chinese for a Chinese reader', async () => {
    await setLocale('zh-CN');
    const check = checkWithSchema(ZLoginRequest, {
      emailAdr: 'not-an-address',
      pwd: 'x',
      verifyCode: 'ab12',
      verifyCodeTraceId: 't',
    });
    expect(check.errors).toEqual([{ name: ['emailAdr'], errors: ['邮箱不是有效的邮箱地址。'] }]);
  });

  it('puts a nested profile issue on the nested field, with the schema’s own rule', () => {
    const check = checkWithSchema(ZRegisterRequest, {
      emailAdr: 'amy@harbourview.example',
      emailCode: 'AB12',
      pwd: 'Harb0ur#26',
      confirmPwd: 'Harb0ur#26',
      agreed: true,
      profile: { ...validProfile, instSwiftCode: 'HVCB' },
    });
    expect(check.errors).toEqual([
      {
        name: ['profile', 'instSwiftCode'],
        errors: ['Institution SWIFT code must be exactly 8 or 11 upper-case letters and digits.'],
      },
    ]);
  });

  it('lists every password rule that is broken (naming the field as the form does), and the mismatch', () => {
    expect(checkWithSchema(ZChangePasswordRequest, { oPwd: 'old', pwd: 'abc', confirmPwd: 'abc' }).errors).toEqual([
      {
        name: ['pwd'],
        errors: [
          'New password must be 8 to 12 characters.',
          'New password must contain a digit.',
          'New password must contain an upper-case letter.',
          'New password must contain one of ! @ # $ % ^ & * ?',
          'New password must not contain three consecutive or repeated characters (such as abc, 321 or aaa).',
        ],
      },
    ]);
    expect(
      checkWithSchema(ZChangePasswordRequest, { oPwd: 'old', pwd: 'Harb0ur#26', confirmPwd: 'Harb0ur#27' }).errors,
    ).toEqual([{ name: ['confirmPwd'], errors: ['The two passwords do not match.'] }]);
  });

  it('calls a choice not made yet "required" rather than listing the codes', () => {
    const check = checkWithSchema(ZProfileUpdateRequest, { profile: { ...validProfile, branchType: undefined } });
    expect(check.errors).toEqual([{ name: ['profile', 'branchType'], errors: ['Branch type is required.'] }]);
    const wrong = checkWithSchema(ZProfileUpdateRequest, { profile: { ...validProfile, branchType: 'bank' } });
    expect(wrong.errors[0]?.errors[0]).toMatch(/^Branch type must be one of/);
  });

  it('returns the parsed (trimmed, lower-cased) data when valid', () => {
    const check = checkWithSchema(ZLoginPrecheckRequest, { emailAdr: '  Amy.Chan@Harbourview.Example ' });
    expect(check).toMatchObject({ success: true, data: { emailAdr: 'amy.chan@harbourview.example' } });
  });
});

describe('validateForm', () => {
  it('shows the errors on the fields, focuses the first and returns null', () => {
    const form = fakeForm();
    expect(validateForm(form, ZLoginRequest, { emailAdr: 'amy@bank.example', verifyCodeTraceId: 't' })).toBeNull();
    expect(form.setFields).toHaveBeenCalledWith([
      { name: ['pwd'], errors: ['Password is required.'] },
      { name: ['verifyCode'], errors: ['Picture code is required.'] },
    ]);
    expect(form.scrollToField).toHaveBeenCalledWith(['pwd'], { block: 'center', focus: true });
  });

  it('checks only the fields of one step, clearing those that are now valid', () => {
    const form = fakeForm();
    const values = { emailAdr: 'amy@harbourview.example', emailCode: 'AB12', profile: {} };
    const data = validateForm(form, ZRegisterRequest, values, { fields: [['emailAdr'], ['emailCode']] });
    expect(data).toEqual(values);
    expect(form.setFields).toHaveBeenCalledWith([
      { name: ['emailAdr'], errors: [] },
      { name: ['emailCode'], errors: [] },
    ]);
  });

  it('returns the parsed data when the whole request is valid', () => {
    const form = fakeForm();
    const data = validateForm(form, ZLoginRequest, {
      emailAdr: 'Amy@Bank.Example',
      pwd: 'secret',
      verifyCode: ' ab12 ',
      verifyCodeTraceId: 't',
    });
    expect(data).toEqual({ emailAdr: 'amy@bank.example', pwd: 'secret', verifyCode: 'ab12', verifyCodeTraceId: 't' });
  });
});

describe('server PRT_VALIDATION answers → form fields', () => {
  const error = new ApiError({
    code: 'PRT_VALIDATION',
    message: 'Some fields are not valid.',
    status: 422,
    data: {
      fields: [
        { field: 'profile.instSwiftCode', rule: 'swift', message: 'Institution SWIFT code is not valid.' },
        { field: 'profile.interestedTypes.2', rule: 'unknownCode', message: 'Unknown type.' },
        { field: 'pwd', rule: 'password_length', message: 'Password must be 8 to 12 characters.' },
        { field: 'pwd', rule: 'password_digit', message: 'Password must contain a digit.' },
      ],
    },
  });

  it('groups the messages by form field', () => {
    expect(serverFieldErrors(error)).toEqual([
      { name: ['profile', 'instSwiftCode'], errors: ['Institution SWIFT code is not valid.'] },
      { name: ['profile', 'interestedTypes'], errors: ['Unknown type.'] },
      { name: ['pwd'], errors: ['Password must be 8 to 12 characters.', 'Password must contain a digit.'] },
    ]);
  });

  it('sets them on the form and scrolls to the first', () => {
    const form = fakeForm();
    const applied = applyServerErrors(form, error);
    expect(applied).toHaveLength(3);
    expect(form.setFields).toHaveBeenCalledWith(applied);
    expect(form.scrollToField).toHaveBeenCalledWith(['profile', 'instSwiftCode'], { block: 'center' });
  });

  it('ignores other errors', () => {
    const form = fakeForm();
    expect(applyServerErrors(form, new ApiError({ code: 'PRT_LOGIN_FAILED', message: 'x', status: 401 }))).toEqual([]);
    expect(applyServerErrors(form, new Error('boom'))).toEqual([]);
    expect(form.setFields).not.toHaveBeenCalled();
  });
});

function EmailForm() {
  const [form] = Form.useForm();
  return (
    <Form form={form} name="t">
      <Form.Item name="emailAdr" label="E-mail" rules={[schemaRule(ZLoginPrecheckRequest, 'emailAdr')]}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">Go</Button>
    </Form>
  );
}

describe('schemaRule in an antd form', () => {
  it('shows the schema’s message under the field as the user types', async () => {
    render(<EmailForm />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'amy@' } });
    expect(await screen.findByText('E-mail is not a valid e-mail address.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'amy@harbourview.example' } });
    await vi.waitFor(() => expect(screen.queryByText('E-mail is not a valid e-mail address.')).toBeNull());
  });

  it('judges only its own field', async () => {
    const rule = schemaRule(ZLoginRequest, 'emailAdr');
    const form = fakeForm({ emailAdr: 'amy@harbourview.example' });
    const { validator } = (rule as (form: FormInstance) => { validator: () => Promise<void> })(form);
    await expect(validator()).resolves.toBeUndefined();
    form.getFieldsValue.mockReturnValue({ emailAdr: 'nope' });
    await expect(validator()).rejects.toThrow('E-mail is not a valid e-mail address.');
  });
});
