// 'Download Story' (spec 3 §2, §3 Export options): option cards for stills at FHD or QHD (a ZIP of PNGs), the video
// at FHD sent by e-mail ('Downloading'), and the offline viewer (a ZIP); 'Export' only once one is chosen. Files come
// down with their progress; the video's progress is read from GET /api/stories/{id}/exports.
import { Button, Group, Modal, Progress, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { STORY_EXPORT_KEEP_DAYS } from "@repox/contracts";
import { IconDeviceDesktop, IconMovie, IconPhoto } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client.ts";
import { downloadFile } from "../../api/download.ts";
import { errorText } from "../../api/errors.ts";
import { showError, showSuccess } from "../../components/toast.ts";
import { useAuth } from "../auth/auth-context.tsx";
import { exportPath, useExportVideo } from "./api.ts";
import classes from "./picker.module.css";

export const EXPORT_OPTIONS = ["STILLS_FHD", "STILLS_QHD", "VIDEO_FHD", "VIEWER"] as const;
export type ExportOption = (typeof EXPORT_OPTIONS)[number];

const ICONS: Record<ExportOption, ReactNode> = {
  STILLS_FHD: <IconPhoto size={28} />,
  STILLS_QHD: <IconPhoto size={28} />,
  VIDEO_FHD: <IconMovie size={28} />,
  VIEWER: <IconDeviceDesktop size={28} />,
};

/** The body of POST /api/stories/{id}/export for the options that answer a file. */
export function exportBody(option: Exclude<ExportOption, "VIDEO_FHD">) {
  if (option === "VIEWER") return { format: "VIEWER" as const };
  return { format: "SLIDE_IMAGE" as const, resolution: option === "STILLS_FHD" ? ("FHD" as const) : ("QHD" as const) };
}

type ExportState = {
  id: string;
  format: string;
  resolution: string | null;
  state: "QUEUED" | "RUNNING" | "DONE" | "FAILED";
  progress: number;
  error: string | null;
};

function useVideoProgress(storyId: string, isWatching: boolean) {
  return useQuery({
    queryKey: ["stories", "exports", storyId],
    queryFn: ({ signal }) => api.get<ExportState[]>(`/stories/${encodeURIComponent(storyId)}/exports`, { signal }),
    enabled: isWatching,
    refetchInterval: (query) => (query.state.data?.some((item) => item.state === "QUEUED" || item.state === "RUNNING") ? 2000 : false),
    retry: false,
  });
}

export function DownloadStoryModal({
  storyId,
  title,
  opened,
  onClose,
}: {
  storyId: string;
  title: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [chosen, setChosen] = useState<ExportOption | null>(null);
  const [received, setReceived] = useState<{ bytes: number; total: number | null } | null>(null);
  const [isWatchingVideo, setWatchingVideo] = useState(false);
  const exportVideo = useExportVideo(storyId);
  const video = useVideoProgress(storyId, opened && isWatchingVideo);
  const latestVideo = video.data?.find((item) => item.format === "VIDEO");

  // The server's message says what went wrong: a missing picture named by slide and element, Chromium to install, ...
  const failed = (error: unknown) => showError(errorText(error));

  const start = async () => {
    if (!chosen) return;
    if (chosen === "VIDEO_FHD") {
      exportVideo.mutate(
        { resolution: "FHD", recipient: user?.email ?? "" },
        {
          onSuccess: () => {
            showSuccess(t("storyEditor.download.downloading"));
            setWatchingVideo(true);
          },
          onError: failed,
        },
      );
      return;
    }
    setReceived({ bytes: 0, total: null });
    try {
      await downloadFile("POST", exportPath(storyId), `${title}.zip`, {
        body: exportBody(chosen),
        onProgress: (bytes, total) => setReceived({ bytes, total }),
      });
      onClose();
    } catch (error) {
      failed(error);
    } finally {
      setReceived(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("storyEditor.download.title")} size="lg">
      <Stack>
        <SimpleGrid cols={2} spacing="sm">
          {EXPORT_OPTIONS.map((option) => (
            <UnstyledButton
              key={option}
              className={classes.card}
              data-chosen={chosen === option || undefined}
              aria-pressed={chosen === option}
              onClick={() => setChosen(option)}
            >
              <Group wrap="nowrap">
                {ICONS[option]}
                <div>
                  <Text fw={500}>{t(`storyEditor.download.options.${option}.title`)}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`storyEditor.download.options.${option}.description`)}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {received && (
          <Stack gap={4}>
            <Text size="sm">{t("storyEditor.download.preparing")}</Text>
            <Progress value={received.total ? (received.bytes / received.total) * 100 : 100} animated={!received.total} />
          </Stack>
        )}
        {latestVideo && (
          <Stack gap={4}>
            <Text size="sm">{t(`storyEditor.download.videoStates.${latestVideo.state}`)}</Text>
            <Progress value={latestVideo.progress * 100} color={latestVideo.state === "FAILED" ? "red" : undefined} />
            {latestVideo.error && (
              <Text size="xs" c="red">
                {latestVideo.error}
              </Text>
            )}
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          {t("storyEditor.download.keptFor", { days: STORY_EXPORT_KEEP_DAYS })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button disabled={!chosen} loading={received !== null || exportVideo.isPending} onClick={start}>
            {t("storyEditor.download.export")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
