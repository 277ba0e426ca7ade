/**
 * The fee schedule's rule, declared once: a line of the schedule applies to a payer when each of its
 * scope columns is empty ("any") or the payer's own; of the lines of one item that apply, the most
 * specific (most scope columns set) prices it, and among equally specific lines the oldest.
 */

export interface FeeScope {
  levelId: number | null;
  departmentId: number | null;
  programmeId: number | null;
  entryModeId: number | null;
}

export interface ScheduledLine extends FeeScope {
  id: number;
  itemId: number;
}

const SCOPE_KEYS = ['levelId', 'departmentId', 'programmeId', 'entryModeId'] as const;

/** How many scope columns a line sets. */
export const lineSpecificity = (line: FeeScope) => SCOPE_KEYS.filter((k) => line[k] !== null).length;

/** Does the line apply to the payer? A null in the payer's scope is matched only by "any". */
export const lineApplies = (line: FeeScope, payer: FeeScope) =>
  SCOPE_KEYS.every((k) => line[k] === null || line[k] === payer[k]);

/** The line that prices each item for the payer, keyed by item, in the lines' order of items. */
export function chooseFeeLines<L extends ScheduledLine>(
  lines: readonly L[],
  payer: FeeScope,
): Map<number, L> {
  const chosen = new Map<number, L>();
  for (const line of lines) {
    if (!lineApplies(line, payer)) continue;
    const current = chosen.get(line.itemId);
    if (
      !current ||
      lineSpecificity(line) > lineSpecificity(current) ||
      (lineSpecificity(line) === lineSpecificity(current) && line.id < current.id)
    )
      chosen.set(line.itemId, line);
  }
  return chosen;
}
