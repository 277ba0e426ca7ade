import { useEffect } from 'react';

type Field = HTMLInputElement | HTMLSelectElement;
let edits: { field: Field; value: string }[] = [];
let heldLink: HTMLAnchorElement | null = null;

/**
 * While the page hydrates, a click on one of its links is held and followed once it has come alive.
 * React replays a click on a part not hydrated yet, and the router's navigation, run mid-hydration,
 * once changed the address without the page (the landing page stayed at /forgotPassword). Before the
 * script runs there is nothing to hold: the browser follows the link itself.
 */
function holdLinkClick(event: MouseEvent): void {
  if (document.getElementById('root')?.hasAttribute('data-hydrated')) return;
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.target) return;
  event.preventDefault();
  event.stopPropagation();
  heldLink = link;
}

/** Called by main.tsx just before hydrating. */
export function holdLinkClicksWhileHydrating(): void {
  window.addEventListener('click', holdLinkClick, true);
}

/**
 * Notes the fields the visitor changed on a prerendered page before it came alive (a language
 * chosen, a username typed while the script downloaded), with their values. Called by main.tsx
 * just before hydrating.
 */
export function notePrerenderedEdits(container: HTMLElement): void {
  edits = [...container.querySelectorAll<Field>('input, select')]
    .filter((field) =>
      field instanceof HTMLSelectElement
        ? [...field.options].some((option) => option.selected !== option.defaultSelected)
        : field.value !== field.defaultValue,
    )
    .map((field) => ({ field, value: field.value }));
}

/**
 * Hands those changes to React once the page's fields are hydrated, as if they were made now:
 * React knew nothing of them. Rendered inside the routes' Suspense boundary, whose content is
 * hydrated after the root.
 */
export function usePrerenderedEdits(): void {
  useEffect(() => {
    const pending = edits;
    edits = [];
    for (const { field, value } of pending) {
      if (field instanceof HTMLSelectElement) {
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
        continue;
      }
      // React notices a change only against the value it last saw: show it an empty field first.
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      field.value = '';
      setValue.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    document.getElementById('root')?.setAttribute('data-hydrated', '');
    window.removeEventListener('click', holdLinkClick, true);
    const link = heldLink;
    heldLink = null;
    if (link?.isConnected) setTimeout(() => link.click());
    // A form the visitor submitted before: submit it now (once React has taken the fields' values in).
    const held = document.querySelector<HTMLFormElement>('form[data-held-submit]');
    if (held) {
      held.removeAttribute('data-held-submit');
      setTimeout(() => held.requestSubmit());
    }
  }, []);
}
