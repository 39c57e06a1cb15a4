// A survey embedded on another site runs in a third-party frame, where browsers that block third-party storage
// throw on any touch of localStorage or sessionStorage. The app keeps its small preferences there (language, theme,
// session), so in such a frame both are replaced by storage in memory for the page's life instead of crashing it.
// Imported by every module that reads them, so module order puts it first whatever the bundle's chunks.

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

function isUsable(name: "localStorage" | "sessionStorage"): boolean {
  try {
    const storage = window[name];
    storage.getItem("repox-storage-probe");
    return true;
  } catch {
    return false;
  }
}

// Unit tests run some of the modules that import this without a window.
for (const name of typeof window === "undefined" ? [] : (["localStorage", "sessionStorage"] as const)) {
  if (!isUsable(name)) Object.defineProperty(window, name, { value: memoryStorage(), configurable: true });
}
