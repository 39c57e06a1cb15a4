// What the story viewer publishes for an exporter (web/src/features/story-viewer/story-clock.ts), as the specs that
// drive it see `window`.
declare global {
  interface Window {
    __repoxStoryClock?: {
      durationMs: number;
      slides: { id: string; name: string; startMs: number; durationMs: number; restMs: number }[];
      missing: { pictures: { uuid: string; from: string }[]; fonts: string[] };
      seek(timeMs: number): Promise<void>;
      frameKeys(timesMs: number[]): string[];
    };
  }
}

export {};
