import { useEffect } from 'react';

type Field = HTMLInputElement | HTMLSelectElement;
let edits: { field: Field; value: string }[] = [];

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
    // A form the visitor submitted before: submit it now (once React has taken the fields' values in).
    const held = document.querySelector<HTMLFormElement>('form[data-held-submit]');
    if (held) {
      held.removeAttribute('data-held-submit');
      setTimeout(() => held.requestSubmit());
    }
  }, []);
}
