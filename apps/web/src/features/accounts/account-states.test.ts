import * as contract from '@portal/shared/schemas/accounts';
import { describe, expect, it } from 'vitest';
import { ACCESS_ACTIVATIONS, ACTIVATION, isBankStaff, ROLE } from './account-states.ts';

describe('account states for the initial bundle', () => {
  it('are the contract’s', () => {
    expect(ACTIVATION).toBe(contract.ACTIVATION);
    expect(ROLE).toBe(contract.ROLE);
    expect(ACCESS_ACTIVATIONS).toBe(contract.ACCESS_ACTIVATIONS);
  });

  it('knows bank staff by role 50', () => {
    expect(isBankStaff({ rlTpcd: ['10', '50'] })).toBe(true);
    expect(isBankStaff({ rlTpcd: ['10', '20'] })).toBe(false);
  });
});
