// Spec 3 §2: the Summary and List views reload when the browser tab becomes visible again (the app turns TanStack's
// own focus refetch off everywhere else).
import { useEffect, useRef } from "react";

export function useRefetchOnVisible(refetch: () => unknown) {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === "visible") latest.current();
    };
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, []);
}
