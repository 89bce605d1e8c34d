import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubPortalApi } from '../../test/fetch-mock.ts';
import { phoneWindow } from '../../test/phone-window.ts';
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

  it('on a phone: the menu button opens the menu in a drawer, following a link opens its page and closes the drawer', async () => {
    phoneWindow(vi);
    stubPortalApi();
    const { router } = renderApp('/home');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    // No menu bar: the navigation is only in the drawer.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    const drawer = await screen.findByRole('dialog');
    const nav = within(drawer).getByRole('navigation', { name: 'Main navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    // Every submenu shown, no toggles; the tooltip is a hint under its link.
    expect(within(nav).getAllByRole('link')).toHaveLength(9);
    expect(within(nav).queryByRole('button')).toBeNull();
    const opportunities = within(nav).getByRole('link', { name: 'Business Opportunities' });
    expect(document.getElementById(opportunities.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Click to view or publish cooperation intentions',
    );

    // Following a link opens its page and closes the drawer. (A public page: the compliance
    // materials need a log-in, so a visitor would be sent back home with the log-in dialog.)
    const international = within(nav).getByRole('link', { name: 'International Business' });
    expect(international.getAttribute('href')).toBe('/understandCCB');
    fireEvent.click(international);
    await waitFor(() => expect(router.state.location.pathname).toBe('/understandCCB'));
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    // The drawer goes once its closing animation has run (destroyOnHidden).
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
    expect(router.state.location.pathname).toBe('/understandCCB');
  });
});
