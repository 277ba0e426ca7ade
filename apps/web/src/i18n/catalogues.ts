import type { Locale, Messages, Namespace } from './locales';

/** One chunk per catalogue and locale: a locale's strings download only when that locale is chosen. */
const files = import.meta.glob<Messages>('./messages/**/*.json', { import: 'default' });

const loaded = new Map<string, Messages>();
const pending = new Map<string, Promise<Messages>>();

const keyOf = (locale: Locale, namespace?: Namespace) =>
  namespace ? `./messages/${namespace}/${locale}.json` : `./messages/${locale}.json`;

/** Downloads a catalogue (the main one without a namespace); a failed download can be retried. */
export function loadCatalogue(locale: Locale, namespace?: Namespace): Promise<Messages> {
  const key = keyOf(locale, namespace);
  const load = files[key];
  if (!load) return Promise.reject(new Error(`No catalogue ${key}`));
  let promise = pending.get(key);
  if (!promise) {
    promise = load().then(
      (messages) => {
        loaded.set(key, messages);
        return messages;
      },
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

/** A catalogue already downloaded, if it is. */
export const loadedCatalogue = (locale: Locale, namespace?: Namespace): Messages | undefined =>
  loaded.get(keyOf(locale, namespace));

/** The namespaces on screen, so a change of language downloads them together with the main catalogue. */
export const activeNamespaces = new Set<Namespace>();
