import { describe, expect, it } from 'vitest';
import {
  backofficeUserActions,
  canInvite,
  institutionActions,
  institutionUserActions,
  invitesAnywhere,
  roleLabels,
  stoppedReason,
} from './row-actions.ts';

type Row = Parameters<typeof backofficeUserActions>[0];

function row(overrides: Partial<Row> = {}): Row {
  return { lgcSn: 'U2', rlTpcd: ['10'], status: 'active', invitationPending: false, ...overrides };
}

const actionsOf = (plan: ReturnType<typeof backofficeUserActions>) => plan.actions.map((a) => a.action);

describe('backofficeUserActions', () => {
  it('offers stop for an active account and re-enable for a stopped one', () => {
    expect(actionsOf(backofficeUserActions(row(), 'U1'))).toEqual(['roles', 'stop']);
    expect(actionsOf(backofficeUserActions(row({ status: 'stopped' }), 'U1'))).toEqual(['roles', 'enable']);
  });

  it('offers nothing on the system administrator, whatever else the account is', () => {
    expect(backofficeUserActions(row({ rlTpcd: ['50', '99'] }), 'U1')).toEqual({ actions: [], note: 'systemAdmin' });
    expect(backofficeUserActions(row({ rlTpcd: ['99'], status: 'stopped' }), 'U1').actions).toEqual([]);
  });

  it('offers nothing on the viewer’s own account (the server refuses to stop yourself)', () => {
    expect(backofficeUserActions(row({ lgcSn: 'U1', rlTpcd: ['50'] }), 'U1')).toEqual({ actions: [], note: 'self' });
  });

  it('lets staff stop an invitee who has not accepted yet', () => {
    expect(actionsOf(backofficeUserActions(row({ invitationPending: true }), 'U1'))).toEqual(['roles', 'stop']);
  });
});

describe('institutionUserActions', () => {
  it('offers edit, stop and delete on an active general user', () => {
    expect(institutionUserActions(row(), 'U1')).toEqual({
      actions: [{ action: 'edit' }, { action: 'stop' }, { action: 'delete' }],
      note: null,
    });
  });

  it('offers re-enable instead of stop on a stopped user', () => {
    expect(actionsOf(institutionUserActions(row({ status: 'stopped' }), 'U1'))).toEqual(['edit', 'enable', 'delete']);
  });

  it('keeps edit but disables it, with the reason, while the invitation is pending', () => {
    const plan = institutionUserActions(row({ invitationPending: true }), 'U1');
    expect(plan.actions[0]).toEqual({ action: 'edit', disabledBecause: 'invitationPending' });
    expect(actionsOf(plan)).toEqual(['edit', 'stop', 'delete']);
  });

  it('lets administrators edit only their own account', () => {
    expect(institutionUserActions(row({ lgcSn: 'U1', rlTpcd: ['10', '20'] }), 'U1')).toEqual({
      actions: [{ action: 'edit' }],
      note: 'self',
    });
  });

  it('offers nothing on the system administrator', () => {
    expect(institutionUserActions(row({ rlTpcd: ['99'] }), 'U1')).toEqual({ actions: [], note: 'systemAdmin' });
  });

  it('lets a partner institution’s administrator make an active general user an administrator', () => {
    const admin = ['10', '20'];
    expect(actionsOf(institutionUserActions(row(), 'U1', admin))).toEqual(['edit', 'stop', 'makeAdmin', 'delete']);
    // Not an invitee, not one who is an administrator already, not the viewer, not at the bank.
    expect(actionsOf(institutionUserActions(row({ invitationPending: true }), 'U1', admin))).not.toContain('makeAdmin');
    expect(actionsOf(institutionUserActions(row({ rlTpcd: ['10', '20'] }), 'U1', admin))).not.toContain('makeAdmin');
    expect(actionsOf(institutionUserActions(row({ lgcSn: 'U1' }), 'U1', admin))).not.toContain('makeAdmin');
    expect(actionsOf(institutionUserActions(row(), 'U1', ['50', '99']))).not.toContain('makeAdmin');
  });
});

describe('institutionActions', () => {
  it('stops an active partner, re-enables a stopped one', () => {
    expect(institutionActions({ kind: 'partner', status: 'active' })).toEqual(['stop']);
    expect(institutionActions({ kind: 'partner', status: 'stopped' })).toEqual(['enable']);
  });

  it('never stops the bank’s own institution', () => {
    expect(institutionActions({ kind: 'bank', status: 'active' })).toEqual([]);
    expect(institutionActions({ kind: 'bank', status: 'stopped' })).toEqual(['enable']);
  });
});

describe('roleLabels', () => {
  it('names the roles, most powerful first, unknown codes last and as they are', () => {
    expect(roleLabels(['10', '77', '20', '10'])).toEqual([
      { code: '20', key: 'institutionAdmin' },
      { code: '10', key: 'general' },
      { code: '77', key: null },
    ]);
    expect(roleLabels(['50', '99']).map((r) => r.key)).toEqual(['systemAdmin', 'bankStaff']);
  });
});

describe('who may invite', () => {
  it('partner administrators and the system administrator; not other bank staff', () => {
    expect(canInvite(['10', '20'])).toBe(true);
    expect(canInvite(['50', '99'])).toBe(true);
    expect(canInvite(['20', '50'])).toBe(false);
    expect(canInvite(['10'])).toBe(false);
  });

  it('limits partners to their region, not the bank', () => {
    expect(invitesAnywhere(['10', '20'])).toBe(false);
    expect(invitesAnywhere(['50', '99'])).toBe(true);
  });
});

describe('stoppedReason', () => {
  it('names the known causes and passes any other text through', () => {
    expect(stoppedReason('manual')).toEqual({ key: 'manual' });
    expect(stoppedReason('dormant')).toEqual({ key: 'dormant' });
    expect(stoppedReason('Left the bank')).toEqual({ text: 'Left the bank' });
    expect(stoppedReason(null)).toBeNull();
  });
});
