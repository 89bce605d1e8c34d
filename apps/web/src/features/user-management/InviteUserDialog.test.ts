import { describe, expect, it } from 'vitest';
import { inviteCountryOptions } from './InviteUserDialog.tsx';

const labels = { region: 'In your region', others: 'Other regions' };

describe('inviteCountryOptions', () => {
  it('lists the countries of the institution’s region first, the others after', () => {
    const [inRegion, others] = inviteCountryOptions('en-US', 'ASIA', labels) as {
      label: string;
      options: { value: string }[];
    }[];
    expect(inRegion?.label).toBe('In your region');
    const asia = inRegion?.options.map((o) => o.value) ?? [];
    expect(asia).toContain('SG');
    expect(asia).toContain('HK');
    expect(asia).not.toContain('NO');
    expect(others?.options.map((o) => o.value)).toContain('NO');
    expect(others?.options.map((o) => o.value)).not.toContain('SG');
  });

  it('lists every country when there is no region to keep to', () => {
    const options = inviteCountryOptions('zh-CN', null, labels) as { value: string; label: string }[];
    expect(options.find((o) => o.value === 'SG')?.label).toBe('新加坡');
    expect(options.some((o) => o.value === 'NO')).toBe(true);
  });
});
