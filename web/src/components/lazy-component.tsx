// A component whose code is fetched the first time it renders, so heavy dialogs and widgets stay out of the first
// page's JavaScript. A failed fetch throws to the route's error boundary ('Something went wrong.').
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { DelayedLoader } from "./delayed-loader.tsx";

export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = <DelayedLoader overlay />,
): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyComponent(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
