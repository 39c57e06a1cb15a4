// The player's time: in real time it runs from requestAnimationFrame (pausable, seekable); driven from outside it
// moves only when the exporter seeks (story-clock.ts). Either way the frame is slideStateAt(time): one code path.
import type { StoryScreen } from "@repox/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { afterPaint, publishStoryClock } from "./story-clock.ts";
import { frameKeyAt, type StoryTimeline } from "./timing.ts";
import type { MissingMedia } from "./use-story-media.ts";

export type ClockMode = "realtime" | "external";

export type StoryClock = {
  timeMs: number;
  isPlaying: boolean;
  seek(timeMs: number): void;
  setPlaying(isPlaying: boolean): void;
};

export function useStoryClock({
  mode,
  screen,
  timeline,
  isReady,
  missing,
  startMs = 0,
}: {
  mode: ClockMode;
  /** The slides the frame keys are computed from (the same the timeline was made of). */
  screen: Pick<StoryScreen, "slides">;
  timeline: StoryTimeline;
  missing: MissingMedia;
  /** Whether the media has settled: the real-time clock starts, the external one is published, only then. */
  isReady: boolean;
  startMs?: number;
}): StoryClock {
  const [timeMs, setTimeMs] = useState(startMs);
  const [isPlaying, setPlaying] = useState(mode === "realtime");
  // Real time: the story time at `since` (a performance.now() reading); the frame's time is base + elapsed.
  const anchor = useRef({ base: startMs, since: 0 });

  const seek = useCallback((to: number) => {
    anchor.current = { base: to, since: performance.now() };
    setTimeMs(to);
  }, []);

  useEffect(() => {
    if (mode !== "realtime" || !isReady || !isPlaying) return;
    anchor.current = { base: anchor.current.base, since: performance.now() };
    let frame = requestAnimationFrame(function tick(now) {
      // A frame's timestamp is when the frame began, which can be a little before a seek made during it: never let
      // that take the clock back before the seek (to the end of the previous slide).
      setTimeMs(anchor.current.base + Math.max(0, now - anchor.current.since));
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      // Paused: the next run goes on from where this one stopped.
      anchor.current = { base: anchor.current.base + (performance.now() - anchor.current.since), since: performance.now() };
    };
  }, [mode, isReady, isPlaying]);

  useEffect(() => {
    if (mode !== "external" || !isReady) return;
    return publishStoryClock({
      durationMs: timeline.durationMs,
      slides: timeline.slides,
      missing,
      async seek(to: number) {
        if (!Number.isFinite(to)) throw new Error("seek needs a finite time in milliseconds");
        flushSync(() => setTimeMs(to));
        await afterPaint();
      },
      frameKeys: (times: number[]) => times.map((at) => frameKeyAt(screen, at)),
    });
  }, [mode, isReady, timeline, missing, screen]);

  return { timeMs, isPlaying, seek, setPlaying };
}
