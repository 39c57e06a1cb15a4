// YOUTUBE and VIMEO elements: the provider's player in an iframe, or, where a player cannot run (the exports, the
// offline viewer), a poster naming the video with a link to it.
import type { StoryVimeoData, StoryYoutubeData } from "@repox/contracts";
import { IconBrandVimeo, IconBrandYoutube } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./story-viewer.module.css";

/** `embed` plays the video in the provider's player; `poster` shows a still card with a link (no network needed). */
export type VideoMode = "embed" | "poster";

type Provider = "YOUTUBE" | "VIMEO";

const PLAYER: Record<Provider, (id: string) => string> = {
  YOUTUBE: (id) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`,
  VIMEO: (id) => `https://player.vimeo.com/video/${encodeURIComponent(id)}`,
};

export function VideoContent({ provider, data, mode }: { provider: Provider; data: StoryYoutubeData | StoryVimeoData; mode: VideoMode }) {
  const { t } = useTranslation();
  const name = provider === "YOUTUBE" ? "YouTube" : "Vimeo";
  if (mode === "embed") {
    return (
      <iframe
        className={classes.video}
        src={PLAYER[provider](data.id)}
        title={t("storyViewer.videoTitle", { provider: name })}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  const Icon = provider === "YOUTUBE" ? IconBrandYoutube : IconBrandVimeo;
  return (
    <div className={classes.poster}>
      <Icon size={96} aria-hidden />
      <span>{t("storyViewer.videoPoster", { provider: name })}</span>
      <a href={data.url} target="_blank" rel="noreferrer noopener">
        {data.url}
      </a>
    </div>
  );
}
