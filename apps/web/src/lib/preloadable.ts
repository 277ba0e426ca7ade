import { createElement, isValidElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes } from 'react-router';

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

/**
 * Downloads the screen the route table `routes` shows at `path` (relative to it): the first
 * preloadable component in the matched route's element, through the wrappers around it (a guard).
 * The table is the one the area renders, so a page's screen is named in one place.
 */
export function preloadRouteScreen(routes: ReactNode, path: string): Promise<void> {
  const matched = matchRoutes(createRoutesFromChildren(routes), `/${path}`);
  return preloadIn(matched?.[matched.length - 1]?.route.element);
}
function preloadIn(node: ReactNode): Promise<void> {
  if (!isValidElement(node)) return Promise.resolve();
  const { preload } = node.type as { preload?: unknown };
  if (typeof preload === 'function') return (preload as () => Promise<void>)();
  return preloadIn((node.props as { children?: ReactNode }).children);
}

/**
 * A lazily loaded part of a screen (a card or panel another feature draws into it) behind a
 * placeholder of its own. Without one, the part suspends the whole screen up to the area's frame:
 * the screen commits, and so starts fetching its own data, only once the part has downloaded (on
 * the student's dashboard, every card's data waited for the fees card's code), and a part shown
 * later (a fee, once the data says one is due) would blank the screen while it downloads.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  placeholder: ReactNode = null,
): PreloadableComponent<Props> {
  const Part = preloadable(load);
  const LazyPart = (props: Props) =>
    createElement(Suspense, { fallback: placeholder }, createElement(Part, props));
  return Object.assign(LazyPart, { preload: Part.preload });
}
