// The player's buttons over the stage: previous, the slide counter, play/pause, next and full screen. They fade out
// after a few idle seconds and come back on any move, key or focus.
import { ActionIcon, Tooltip } from "@mantine/core";
import { useIdle } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconMaximize, IconMinimize, IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import { memo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./story-viewer.module.css";
import type { SlideNavigation } from "./use-player-keys.ts";

const IDLE_MS = 3000;

type PlayerControlsProps = {
  navigation: SlideNavigation;
  slideNumber: number;
  slideCount: number;
  isPlaying: boolean;
  onPlayingChange(isPlaying: boolean): void;
  isFullscreen: boolean;
  onToggleFullscreen(): void;
};

function ControlButton({ label, onClick, children }: { label: string; onClick(): void; children: ReactNode }) {
  return (
    <Tooltip label={label} withinPortal={false}>
      <ActionIcon variant="subtle" color="gray.0" size="lg" radius="xl" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Memoised: the player renders on every frame, its buttons only when what they show changes. */
export const PlayerControls = memo(function PlayerControls({
  navigation,
  slideNumber,
  slideCount,
  isPlaying,
  onPlayingChange,
  isFullscreen,
  onToggleFullscreen,
}: PlayerControlsProps) {
  const { t } = useTranslation();
  const isIdle = useIdle(IDLE_MS, { initialState: false, events: ["mousemove", "pointerdown", "keydown", "touchstart"] });
  return (
    <div className={`${classes.controls} ${isIdle ? classes.controlsHidden : ""}`} data-player-controls="">
      <ControlButton label={t("storyViewer.previousSlide")} onClick={navigation.previous}>
        <IconChevronLeft size={20} />
      </ControlButton>
      <span className={classes.counter} aria-live="polite">
        {t("storyViewer.slideOf", { number: slideNumber, total: slideCount })}
      </span>
      <ControlButton label={isPlaying ? t("storyViewer.pause") : t("storyViewer.play")} onClick={() => onPlayingChange(!isPlaying)}>
        {isPlaying ? <IconPlayerPause size={20} /> : <IconPlayerPlay size={20} />}
      </ControlButton>
      <ControlButton label={t("storyViewer.nextSlide")} onClick={navigation.next}>
        <IconChevronRight size={20} />
      </ControlButton>
      <ControlButton label={isFullscreen ? t("storyViewer.exitFullScreen") : t("storyViewer.fullScreen")} onClick={onToggleFullscreen}>
        {isFullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
      </ControlButton>
    </div>
  );
});
