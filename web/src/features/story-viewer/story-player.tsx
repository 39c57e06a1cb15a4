// The story player (spec 3 §4 "Story viewer and embed"): first loads every picture and font of the story (a loader
// until all have settled), then plays the slides with their durations, backgrounds and enter/leave animations, fitted
// to its box keeping the story's proportions. Keys (use-player-keys.ts), swipes and buttons move between slides; the
// full-screen button shows the player alone. With `clock="external"` it does not move by itself and an exporter
// drives it through window.__repoxStoryClock (story-clock.ts). Reused by the viewer page, the embed, the screens and
// the offline viewer.

import { useFullscreenElement } from "@mantine/hooks";
import type { StoryScreen } from "@repox/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { MediaLoader } from "./media-loader.tsx";
import { PlayerControls } from "./player-controls.tsx";
import { SlideStage } from "./slide-stage.tsx";
import classes from "./story-viewer.module.css";
import { slideStartTime, slideStateAt, storyTimeline } from "./timing.ts";
import { type SlideNavigation, usePlayerKeys } from "./use-player-keys.ts";
import { type ClockMode, useStoryClock } from "./use-story-clock.ts";
import { type StoryPictureAddress, useStoryMedia } from "./use-story-media.ts";
import { useSwipe } from "./use-swipe.ts";
import type { VideoMode } from "./video-element.tsx";

export type StoryPlayerProps = {
  /** storyDetails.screen: the slides, and the story's own background. */
  screen: StoryScreen;
  /** The canvas in pixels (the story's width and height). */
  width: number;
  height: number;
  /** Where to fetch each picture the story shows (GET /api/stories/{id}/view answers signed links). */
  pictures: readonly StoryPictureAddress[];
  /** `realtime` (default) plays by itself; `external` waits for window.__repoxStoryClock.seek. */
  clock?: ClockMode;
  /** Start again after the last slide (default true). */
  loop?: boolean;
  /** `embed` (default) plays YouTube and Vimeo in their players; `poster` shows a card with the link (offline). */
  videoMode?: VideoMode;
  /** The buttons over the stage (default: shown with the real-time clock, hidden with the external one). */
  showControls?: boolean;
  /** Names the player for assistive technology (the story's title). */
  label?: string;
};

export function StoryPlayer({
  screen,
  width,
  height,
  pictures,
  clock: mode = "realtime",
  loop = true,
  videoMode = "embed",
  showControls = mode === "realtime",
  label,
}: StoryPlayerProps) {
  const { t } = useTranslation();
  const media = useStoryMedia(screen, pictures);
  const timeline = useMemo(() => storyTimeline(screen), [screen]);
  const clock = useStoryClock({ mode, screen, timeline, isReady: media.isReady, missing: media.missing });
  const fullscreen = useFullscreenElement();
  const state = slideStateAt(screen, clock.timeMs, { loop });
  const slideIndex = state?.slideIndex ?? 0;
  const slideCount = screen.slides.length;
  const isInteractive = mode === "realtime";

  const navigation = useMemo<SlideNavigation>(() => {
    const go = (index: number) => clock.seek(slideStartTime(screen, index));
    return {
      next: () => go(slideIndex + 1 < slideCount ? slideIndex + 1 : loop ? 0 : slideIndex),
      previous: () => go(Math.max(0, slideIndex - 1)),
      first: () => go(0),
      last: () => go(slideCount - 1),
    };
  }, [clock.seek, screen, slideIndex, slideCount, loop]);

  usePlayerKeys(navigation, isInteractive && media.isReady);
  const swipe = useSwipe((direction) => (direction === "left" ? navigation.next() : navigation.previous()));

  return (
    <section
      ref={fullscreen.ref}
      className={`${classes.player} ${isInteractive ? "" : classes.externalClock}`}
      aria-label={label ?? t("storyViewer.story")}
      aria-roledescription={t("storyViewer.player")}
      data-slide-index={media.isReady && state ? slideIndex : undefined}
      {...(isInteractive ? swipe : {})}
    >
      {!media.isReady ? (
        <MediaLoader settled={media.settled} total={media.total} />
      ) : !state ? (
        <div className={classes.loader}>{t("storyViewer.noSlides")}</div>
      ) : (
        <SlideStage
          // A new slide gets new boxes: nothing of the last slide's animations carries over.
          key={slideIndex}
          slide={state.slide}
          width={width}
          height={height}
          elapsedMs={state.elapsedMs}
          resolvePicture={media.resolvePicture}
          screenBackground={screen.background}
          videoMode={videoMode}
        />
      )}
      {showControls && media.isReady && state && (
        <PlayerControls
          navigation={navigation}
          slideNumber={slideIndex + 1}
          slideCount={slideCount}
          isPlaying={clock.isPlaying}
          onPlayingChange={clock.setPlaying}
          isFullscreen={fullscreen.fullscreen}
          onToggleFullscreen={fullscreen.toggle}
        />
      )}
    </section>
  );
}
