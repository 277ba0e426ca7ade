/** A copy of `set` with `ids` added (`on`) or taken out: for ticked boxes kept in state. */
export function toggled<T>(set: Iterable<T>, ids: Iterable<T>, on: boolean): Set<T> {
  const next = new Set(set);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}
