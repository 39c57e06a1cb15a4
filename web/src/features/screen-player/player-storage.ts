// What the player keeps across reloads and reboots (localStorage, per tenant): its registration, whether a screen
// took it, and the story it plays with the time that story last changed, so it plays again with the network down.
import type { PlayerRegistration, StoryView } from "@repox/contracts";
import { currentTenant } from "../../api/tenant.ts";

export type SavedRegistration = PlayerRegistration & { wasPaired: boolean };
export type SavedStory = { view: StoryView; updatedAt: string | null };

const key = (what: string) => `repox-player:${currentTenant()}:${what}`;

function read<T>(what: string): T | null {
  try {
    const text = localStorage.getItem(key(what));
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(what: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key(what));
    else localStorage.setItem(key(what), JSON.stringify(value));
  } catch {
    // A full or disabled storage: the player still plays, it only forgets on reload.
  }
}

export const playerStorage = {
  registration: () => read<SavedRegistration>("registration"),
  saveRegistration: (value: SavedRegistration | null) => write("registration", value),
  story: () => read<SavedStory>("story"),
  saveStory: (value: SavedStory | null) => write("story", value),
};
