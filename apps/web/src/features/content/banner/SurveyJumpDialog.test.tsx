import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, jsonResponse, stubFetch } from '../../../test/fetch-mock.ts';
import { SurveyJumpDialog } from './SurveyJumpDialog.tsx';

const QUESTIONNAIRE_LINK = 'https://survey.example.com/q/2026-clients?param=AbC-123_xyz';

function emailInput(): HTMLInputElement {
  return screen.getByLabelText('Work e-mail') as HTMLInputElement;
}

describe('banner survey jump dialog', () => {
  it('is 420 px wide and asks for a work e-mail', async () => {
    stubFetch(() => jsonResponse(envelope(null)));
    render(<SurveyJumpDialog open questionnaireId="Q-1" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.closest('.ant-modal')?.getAttribute('style') ?? '').toContain('420px');
    expect(emailInput()).toBeTruthy();
  });

  it('says the e-mail is required when the field is left empty (on blur), and sends nothing', async () => {
    const fetchMock = stubFetch(() => jsonResponse(envelope(null)));
    render(<SurveyJumpDialog open questionnaireId="Q-1" onClose={() => {}} />);
    const input = emailInput();
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(await screen.findByText('Work e-mail is required.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the e-mail is not valid on blur, before anything is sent', async () => {
    const fetchMock = stubFetch(() => jsonResponse(envelope(null)));
    render(<SurveyJumpDialog open questionnaireId="Q-1" onClose={() => {}} />);
    const input = emailInput();
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    fireEvent.blur(input);
    expect(await screen.findByText('Work e-mail is not a valid e-mail address.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the e-mail, then opens the questionnaire link with its encrypted parameter in a new window', async () => {
    const requests: { url: string; body: unknown }[] = [];
    stubFetch((url, init) => {
      requests.push({ url, body: JSON.parse(String(init.body)) });
      return jsonResponse(envelope({ lgcSn: 'Q-1', qtnLnkAdr: QUESTIONNAIRE_LINK }));
    });
    const opened = { opener: {} as unknown };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as Window);
    const onClose = vi.fn();
    render(<SurveyJumpDialog open questionnaireId="Q-1" onClose={onClose} />);
    fireEvent.change(emailInput(), { target: { value: ' Anna.Lee@Partner-Bank.example ' } });
    fireEvent.blur(emailInput());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(open).toHaveBeenCalledWith(QUESTIONNAIRE_LINK, '_blank'));
    expect(requests).toEqual([
      { url: '/api/qtn/checkEmail', body: { lgcSn: 'Q-1', emailAdr: 'anna.lee@partner-bank.example' } },
    ]);
    expect(opened.opener).toBeNull();
    expect(onClose).toHaveBeenCalled();
  });

  it('offers the link to click when the browser blocks the new window', async () => {
    stubFetch(() => jsonResponse(envelope({ lgcSn: 'Q-1', qtnLnkAdr: QUESTIONNAIRE_LINK })));
    vi.spyOn(window, 'open').mockReturnValue(null);
    const onClose = vi.fn();
    render(<SurveyJumpDialog open questionnaireId="Q-1" onClose={onClose} />);
    fireEvent.change(emailInput(), { target: { value: 'anna@partner-bank.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const link = await screen.findByRole('link', { name: 'Open the questionnaire' });
    expect(link.getAttribute('href')).toBe(QUESTIONNAIRE_LINK);
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stays open and opens nothing when the server refuses the e-mail', async () => {
    stubFetch(() => jsonResponse(envelope(null, 'PRT_FORBIDDEN', 'This survey is not open to this address.'), 403));
    const open = vi.spyOn(window, 'open');
    const onClose = vi.fn();
    render(<SurveyJumpDialog open questionnaireId="Q-1" onClose={onClose} />);
    fireEvent.change(emailInput(), { target: { value: 'someone@elsewhere.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Continue/ }).className).not.toContain('loading'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(open).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
