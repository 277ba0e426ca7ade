import type { Locale, Messages, Namespace } from './locales';

/** One chunk per catalogue and locale: a locale's strings download only when that locale is chosen. */
const files = import.meta.glob<Messages>('./messages/**/*.json', { import: 'default' });

/**
 * A download, marked with its outcome once it has one, the way React's `use` reads a promise:
 * `use` of a fulfilled one returns its value at once instead of suspending again.
 */
type Download = Promise<Messages> & { status?: 'fulfilled'; value?: Messages };

const downloads = new Map<string, Download>();

const keyOf = (locale: Locale, namespace?: Namespace) =>
  namespace ? `./messages/${namespace}/${locale}.json` : `./messages/${locale}.json`;

/**
 * Downloads a catalogue (the main one without a namespace); a failed download can be retried.
 * The same promise is returned while a download is under way or after it has succeeded, so a
 * component can always `use()` it.
 */
export function loadCatalogue(locale: Locale, namespace?: Namespace): Promise<Messages> {
  const key = keyOf(locale, namespace);
  const load = files[key];
  if (!load) return Promise.reject(new Error(`No catalogue ${key}`));
  let promise = downloads.get(key);
  if (!promise) {
    const download: Download = load().then(
      (messages) => {
        download.status = 'fulfilled';
        download.value = messages;
        return messages;
      },
      (error: unknown) => {
        downloads.delete(key);
        throw error;
      },
    );
    promise = download;
    downloads.set(key, promise);
  }
  return promise;
}

/** The namespaces on screen, so a change of language downloads them together with the main catalogue. */
export const activeNamespaces = new Set<Namespace>();
