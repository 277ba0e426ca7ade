/**
 * This device's machine id: 128 random bits made once and kept in local storage, sent with every
 * call of a sitting so the server can tell one machine from another (one machine at a time holds
 * an attempt; opening it elsewhere takes it over). It names the browser profile, nothing about the
 * person.
 */
const KEY = 'portal.cbt.machine';
const VALID = /^[0-9a-f]{32}$/;

let fallback: string | null = null;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function machineId(): string {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && VALID.test(saved)) return saved;
    const made = randomId();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    // Storage refused (private mode): one id for this page's life.
    fallback ??= randomId();
    return fallback;
  }
}
