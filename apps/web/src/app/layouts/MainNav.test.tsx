import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { isMenuItemActive, MAIN_MENU } from './menu.ts';

describe('main menu', () => {
  it('opens a submenu from its toggle and closes it with Escape, returning focus', async () => {
    stubPortalApi();
    renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const toggle = within(nav).getByRole('button', { name: 'Show the About the Bank submenu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const submenu = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(submenu?.closest('li')?.classList.contains('is-expanded')).toBe(true);

    const compliance = within(nav).getByRole('link', { name: 'Compliance Materials' });
    compliance.focus();
    fireEvent.keyDown(compliance, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('marks the section of the current page, with case-sensitive paths', () => {
    const [, about, , trends, opportunities] = MAIN_MENU;
    expect(isMenuItemActive(about!, '/PolicyInformation/ComplianceList')).toBe(true);
    expect(isMenuItemActive(trends!, '/PolicyInformation/ComplianceList')).toBe(false);
    expect(isMenuItemActive(trends!, '/policyInformation/interpretation/12')).toBe(true);
    expect(isMenuItemActive(trends!, '/PolicyInformation/fcReport')).toBe(true);
    expect(isMenuItemActive(opportunities!, '/cooperationDetail')).toBe(true);
    expect(isMenuItemActive(opportunities!, '/releaseNotes')).toBe(false);
  });
});
