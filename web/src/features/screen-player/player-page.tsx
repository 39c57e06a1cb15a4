// /{tenant}/player (issue 14): the screen player, public and kiosk-friendly. Until a screen pairs with it, its PIN
// large with one line saying where to enter it; then the assigned story full screen in a loop (the stories viewer's
// StoryPlayer, without buttons), or a 'No story assigned' card. use-player.ts runs the loop; the service worker keeps
// the page and the story's media for reloads with the network down.
import { Center, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { currentTenant } from "../../api/tenant.ts";
import { StoryPlayer } from "../story-viewer/index.ts";
import { registerPlayerServiceWorker } from "./player-service-worker.ts";
import { usePlayer } from "./use-player.ts";
import { useScreenWakeLock } from "./use-screen-wake-lock.ts";

// Kiosk manners: no pointer over what the screen shows, and the display kept awake (use-screen-wake-lock.ts).
const FULL_WINDOW = { position: "fixed", inset: 0, background: "#000", cursor: "none" } as const;

export function PlayerPage() {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const view = usePlayer(() => stage.current);
  useScreenWakeLock();

  useEffect(() => {
    document.title = t("screenPlayer.title");
    void registerPlayerServiceWorker(`/${currentTenant()}/player`);
  }, [t]);
  useEffect(() => {
    const link = document.createElement("link");
    link.rel = "manifest";
    link.href = `/api/str/player/manifest.webmanifest?tenant=${encodeURIComponent(currentTenant())}`;
    document.head.append(link);
    return () => link.remove();
  }, []);

  if (view.kind === "playing") {
    return (
      <div ref={stage} style={FULL_WINDOW} data-testid="player-stage" data-story-id={view.story.id}>
        <StoryPlayer
          key={view.story.id}
          screen={view.story.storyDetails.screen}
          width={view.story.width}
          height={view.story.height}
          pictures={view.story.pictures}
          label={view.story.title}
          showControls={false}
        />
      </div>
    );
  }
  return (
    <div ref={stage} style={FULL_WINDOW}>
      <Center h="100%">
        {view.kind === "starting" && <Loader color="gray" aria-label={t("screenPlayer.starting")} />}
        {view.kind === "pin" && (
          <Stack align="center" gap="lg">
            <Text c="gray.4" size="xl">
              {t("screenPlayer.instruction")}
            </Text>
            <Title
              order={1}
              c="white"
              style={{ fontSize: "min(22vw, 16rem)", letterSpacing: "0.1em", fontVariantNumeric: "tabular-nums" }}
              data-testid="player-pin"
            >
              {view.code}
            </Title>
          </Stack>
        )}
        {view.kind === "no-story" && (
          <Paper p="xl" radius="md" withBorder>
            <Stack align="center" gap="xs">
              <Title order={2}>{t("screenPlayer.noStory")}</Title>
              <Text c="dimmed">{t("screenPlayer.noStoryHint")}</Text>
            </Stack>
          </Paper>
        )}
      </Center>
    </div>
  );
}
