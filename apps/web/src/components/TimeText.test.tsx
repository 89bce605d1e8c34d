import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeText } from './TimeText.tsx';

const machineZone = process.env.TZ;
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe('TimeText', () => {
  it('shows the local time with its offset, the full ISO time as its tooltip and datetime', () => {
    process.env.TZ = 'America/New_York';
    const { container } = render(<TimeText value="2026-11-24T14:24:09.000Z" />);
    const time = container.querySelector('time') as HTMLTimeElement;
    expect(time.textContent).toBe('2026-11-24 09:24 UTC-5');
    expect(time.getAttribute('title')).toBe('2026-11-24T09:24:09-05:00');
    expect(time.getAttribute('datetime')).toBe('2026-11-24T09:24:09-05:00');
  });

  it('shows seconds on request, and a dash for no time', () => {
    process.env.TZ = 'Asia/Shanghai';
    expect(render(<TimeText value="2026-11-24T14:24:09.000Z" seconds />).container.textContent).toBe(
      '2026-11-24 22:24:09 UTC+8',
    );
    expect(render(<TimeText value={null} />).container.textContent).toBe('—');
  });
});
