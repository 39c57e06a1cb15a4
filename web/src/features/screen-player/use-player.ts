// The player's loop: register for a PIN (again when it expires or the screen lets the player go), hold the state
// call (25 s long poll; the answer comes about a second after a change), download a new story whole before switching
// to it, answer SCREENSHOT commands with a capture. Any failure — the network down, the server restarting — keeps
// what is on screen and tries again with a growing pause (1 s doubling to 30 s).
import { SCREEN_LIMITS, type StoryView } from "@repox/contracts";
import { useEffect, useRef, useState } from "react";
import { DeviceCallError } from "../../api/device-client.ts";
import { playerApi } from "./player-api.ts";
import { keepOnlyPlayerMedia } from "./player-service-worker.ts";
import { playerStorage, type SavedRegistration } from "./player-storage.ts";
import { captureElement } from "./screen-capture.ts";
import { downloadStoryMedia } from "./story-download.ts";

export type PlayerView =
  | { kind: "starting" }
  | { kind: "pin"; code: string }
  | { kind: "no-story" }
  | { kind: "playing"; story: StoryView };

const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 30_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function initialView(): PlayerView {
  const registration = playerStorage.registration();
  const saved = playerStorage.story();
  if (registration?.wasPaired && saved) return { kind: "playing", story: saved.view };
  if (registration && !registration.wasPaired && new Date(registration.expiresAt).getTime() > Date.now()) {
    return { kind: "pin", code: registration.activationCode };
  }
  return { kind: "starting" };
}

/** `stage` is what a screenshot captures: the element the story plays in. */
export function usePlayer(stage: () => HTMLElement | null): PlayerView {
  const [view, setView] = useState<PlayerView>(initialView);
  const stageRef = useRef(stage);
  stageRef.current = stage;

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;

    async function freshRegistration(): Promise<SavedRegistration> {
      playerStorage.saveStory(null);
      keepOnlyPlayerMedia([]);
      const registration = { ...(await playerApi.register(signal)), wasPaired: false };
      playerStorage.saveRegistration(registration);
      setView({ kind: "pin", code: registration.activationCode });
      return registration;
    }

    async function screenshot(registration: SavedRegistration, commandId: string) {
      const root = stageRef.current();
      if (root) await playerApi.screenshot(registration, await captureElement(root));
      await playerApi.done(registration, commandId);
    }

    async function run() {
      let pause = FIRST_PAUSE_MS;
      let since: string | undefined;
      let registration = playerStorage.registration();
      while (!signal.aborted) {
        try {
          const expired = registration && !registration.wasPaired && new Date(registration.expiresAt).getTime() <= Date.now();
          if (!registration || expired) {
            registration = await freshRegistration();
            since = undefined;
          }
          // Wake before the PIN expires to register again.
          const untilExpiry = registration.wasPaired
            ? SCREEN_LIMITS.stateWaitMaxSeconds
            : (new Date(registration.expiresAt).getTime() - Date.now()) / 1000;
          const seconds = Math.max(1, Math.min(SCREEN_LIMITS.stateWaitMaxSeconds, Math.floor(untilExpiry)));
          const state = await playerApi.state(registration, { seconds, since }, signal);
          if (!state.paired) {
            if (registration.wasPaired) {
              registration = await freshRegistration();
              since = undefined;
              continue;
            }
            setView({ kind: "pin", code: registration.activationCode });
          } else {
            if (!registration.wasPaired) {
              registration = { ...registration, wasPaired: true };
              playerStorage.saveRegistration(registration);
            }
            const saved = playerStorage.story();
            if (!state.storyId) {
              if (playerStorage.story()) keepOnlyPlayerMedia([]);
              playerStorage.saveStory(null);
              setView({ kind: "no-story" });
            } else if (saved?.view.id !== state.storyId || saved.updatedAt !== state.storyUpdatedAt) {
              const story = await playerApi.story(registration, signal);
              await downloadStoryMedia(story);
              playerStorage.saveStory({ view: story, updatedAt: state.storyUpdatedAt });
              setView({ kind: "playing", story });
              keepOnlyPlayerMedia(story.pictures.map((picture) => picture.url));
            } else {
              setView((current) =>
                current.kind === "playing" && current.story.id === saved.view.id ? current : { kind: "playing", story: saved.view },
              );
            }
            for (const command of state.commands) await screenshot(registration, command.id);
          }
          since = state.version;
          pause = FIRST_PAUSE_MS;
        } catch (error) {
          if (signal.aborted) return;
          // Not known here any more (deleted, another tenant's data reset): start over with a new PIN.
          if (error instanceof DeviceCallError && error.status === 401) {
            playerStorage.saveRegistration(null);
            registration = null;
          }
          since = undefined;
          await sleep(pause, signal);
          pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
        }
      }
    }
    void run();
    return () => controller.abort();
  }, []);

  return view;
}
