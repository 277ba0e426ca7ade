import { useSyncExternalStore } from 'react';

/**
 * A minimal observable store: enough for the few pieces of client state the portal keeps
 * (settings, the signed-in users, notifications). Server data belongs in TanStack Query.
 */
export interface Store<T extends object> {
  get(): T;
  set(update: Partial<T> | ((state: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T extends object>(initial: T, onChange?: (state: T) => void): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(update) {
      const patch = typeof update === 'function' ? update(state) : update;
      state = { ...state, ...patch };
      onChange?.(state);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A store saved to local storage on every change. Saved values are kept only where `isValid`
 * accepts them, so a stale or hand-edited entry falls back to the default instead of breaking the app.
 */
export function createPersistedStore<T extends object>(
  key: string,
  defaults: T,
  isValid: { [K in keyof T]: (value: unknown) => value is T[K] },
): Store<T> {
  const saved = readJson(key);
  const initial = { ...defaults };
  if (saved && typeof saved === 'object') {
    for (const name of Object.keys(defaults) as (keyof T)[]) {
      const value = (saved as Record<keyof T, unknown>)[name];
      if (isValid[name](value)) initial[name] = value;
    }
  }
  return createStore(initial, (state) => {
    try {
      localStorage.setItem(key, JSON.stringify(state));
    } catch {
      // Storage full or disabled (private mode): the app keeps working for this visit.
    }
  });
}

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** Subscribes a component to one slice of a store. `select` must return a primitive or a stable reference. */
export function useStore<T extends object, S>(store: Store<T>, select: (state: T) => S): S {
  const snapshot = () => select(store.get());
  // The same snapshot while a prerendered page hydrates: main.tsx hydrates only when the stored
  // state renders the page as it was prerendered (defaults), and renders afresh otherwise.
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

/** Type guards for `createPersistedStore`. */
export const is = {
  boolean: (value: unknown): value is boolean => typeof value === 'boolean',
  oneOf:
    <V extends string>(options: readonly V[]) =>
    (value: unknown): value is V =>
      typeof value === 'string' && (options as readonly string[]).includes(value),
  nullableOneOf:
    <V extends string>(options: readonly V[]) =>
    (value: unknown): value is V | null =>
      value === null || (typeof value === 'string' && (options as readonly string[]).includes(value)),
  arrayOf:
    <V>(item: (value: unknown) => value is V) =>
    (value: unknown): value is V[] =>
      Array.isArray(value) && value.every(item),
};
