import { expect } from 'vitest';
import type { HostelAvailability } from '@portal/contracts';

/** Every bed is free, reserved, allocated or occupied: the counts add up at every level. */
export function expectAddsUp(a: HostelAvailability) {
  const sum = (c: { Free: number; Reserved: number; Allocated: number; Occupied: number }) =>
    c.Free + c.Reserved + c.Allocated + c.Occupied;
  expect(sum(a.Totals)).toBe(a.Totals.Beds);
  for (const h of a.Hostels) {
    expect(sum(h)).toBe(h.Beds);
    expect(h.Blocks.reduce((s, b) => s + b.Beds, 0)).toBe(h.Beds);
    for (const b of h.Blocks) {
      expect(sum(b)).toBe(b.Beds);
      expect(b.Rooms.reduce((s, r) => s + r.Beds, 0)).toBe(b.Beds);
      for (const r of b.Rooms) expect(sum(r)).toBe(r.Beds);
    }
  }
  expect(a.Hostels.reduce((s, h) => s + h.Beds, 0)).toBe(a.Totals.Beds);
}
