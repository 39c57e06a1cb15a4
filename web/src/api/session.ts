// The signed-in user of this tenant, kept in localStorage so a reload stays signed in (spec 1 §3 "authUser").
import "../app/storage-fallback.ts";
import { AuthUser } from "@repox/contracts";
import { currentTenant } from "./tenant.ts";

const storageKey = () => `authUser:${currentTenant()}`;

export function readAuthUser(): AuthUser | null {
  const raw = localStorage.getItem(storageKey());
  if (!raw) return null;
  try {
    const parsed = AuthUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeAuthUser(user: AuthUser | null) {
  if (user) localStorage.setItem(storageKey(), JSON.stringify(user));
  else localStorage.removeItem(storageKey());
}

type Listener = () => void;
const expiryListeners = new Set<Listener>();

/** Called when the server refuses our token; the auth feature signs out and shows the login page. */
export function onSessionExpired(listener: Listener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

export function notifySessionExpired() {
  for (const listener of expiryListeners) listener();
}
