import { lazy, type ComponentType } from 'react';

export type PreloadableComponent<Props> = ComponentType<Props> & {
  /** Downloads the component's module; once done, rendering it never suspends. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` whose module can be downloaded ahead (`preload`). Once it has been, the component
 * renders at once: its loader hands React the module synchronously, so a hydration that meets it
 * does not suspend. main.tsx preloads the prerendered page this way before hydrating it, so what
 * the visitor types while the page comes alive is never lost to a half-hydrated form.
 */
export function preloadable<Props>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): PreloadableComponent<Props> {
  let loaded: { default: ComponentType<Props> } | undefined;
  const Component = lazy(() =>
    loaded
      ? // A thenable that calls back at once (React reads the module in the same render).
        ({
          then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve(loaded!),
        } as never)
      : load(),
  );
  return Object.assign(Component as unknown as ComponentType<Props>, {
    preload: () =>
      load().then((module) => {
        loaded = module;
      }),
  });
}
