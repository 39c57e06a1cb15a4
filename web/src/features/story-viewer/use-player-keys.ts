// The viewer's keys: → ↓ PageDown and Space the next slide, ← ↑ PageUp the previous one, Home the first, End the last.
import { useEffect } from "react";

export type SlideNavigation = { next(): void; previous(): void; first(): void; last(): void };

const KEYS: Record<string, keyof SlideNavigation> = {
  ArrowRight: "next",
  ArrowDown: "next",
  PageDown: "next",
  " ": "next",
  ArrowLeft: "previous",
  ArrowUp: "previous",
  PageUp: "previous",
  Home: "first",
  End: "last",
};

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

export function usePlayerKeys(navigation: SlideNavigation, isEnabled: boolean) {
  useEffect(() => {
    if (!isEnabled) return;
    const onKey = (event: KeyboardEvent) => {
      const action = KEYS[event.key];
      if (!action || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      // Space on a focused button presses it; the button does the same as the key would.
      if (event.key === " " && event.target instanceof HTMLButtonElement) return;
      event.preventDefault();
      navigation[action]();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigation, isEnabled]);
}
