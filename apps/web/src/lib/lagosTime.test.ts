import { describe, expect, it } from 'vitest';
import { fromLagosInput, toLagosInput } from './lagosTime';

/** The classroom forms' date-times (assignments, exams) are Lagos time (WAT, UTC+1 all year), whatever the browser's zone. */
describe('Lagos date-time inputs', () => {
  it('shows an instant as Lagos wall time and reads it back to the same instant', () => {
    expect(toLagosInput('2026-11-26T23:30:00.000Z')).toBe('2026-11-27T00:30');
    expect(fromLagosInput('2026-11-27T00:30')).toBe('2026-11-27T00:30:00+01:00');
    expect(Date.parse(fromLagosInput(toLagosInput('2026-06-01T08:15:00Z')))).toBe(
      Date.parse('2026-06-01T08:15:00Z'),
    );
  });

  it('leaves an empty value empty', () => {
    expect(toLagosInput(null)).toBe('');
    expect(fromLagosInput('')).toBe('');
  });
});
