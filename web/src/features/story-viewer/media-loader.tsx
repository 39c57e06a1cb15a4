// What the viewer shows while the story's pictures and fonts are fetched: a loader and how many have settled.
import { Loader, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./story-viewer.module.css";

export function MediaLoader({ settled, total }: { settled: number; total: number }) {
  const { t } = useTranslation();
  return (
    <div className={classes.loader} data-story-loader="">
      <Loader color="gray.0" role="status" aria-label={t("storyViewer.loading")} />
      <Text size="sm" c="gray.4">
        {total > 0 ? t("storyViewer.loadingMedia", { settled, total }) : t("storyViewer.loading")}
      </Text>
    </div>
  );
}
