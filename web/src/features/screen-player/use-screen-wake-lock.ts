// Keeps the display of a screen awake while the player page shows (Screen Wake Lock): a kiosk that blanks its display
// after some idle minutes would otherwise go dark mid-story. The browser lets the lock go whenever the page is hidden,
// so it is taken again each time the page shows. A browser without the API, or one that refuses it (battery saver),
// leaves the display to its own settings; the player plays the same.
import { useEffect } from "react";

export function useScreenWakeLock(): void {
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let isDone = false;
    const request = async () => {
      if (isDone || document.visibilityState !== "visible" || !("wakeLock" in navigator)) return;
      if (lock && !lock.released) return;
      try {
        lock = await navigator.wakeLock.request("screen");
        if (isDone) await lock.release();
      } catch {
        lock = null;
      }
    };
    const onVisibility = () => void request();
    document.addEventListener("visibilitychange", onVisibility);
    void request();
    return () => {
      isDone = true;
      document.removeEventListener("visibilitychange", onVisibility);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}
