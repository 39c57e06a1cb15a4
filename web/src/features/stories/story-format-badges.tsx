// A story's aspect ratio and orientation as two badges (cards) or plain words (table cells).
import { Badge } from "@mantine/core";
import type { AspectRatio, Orientation } from "@repox/contracts";
import { useTranslation } from "react-i18next";

export function AspectRatioBadge({ aspectRatio }: { aspectRatio: AspectRatio }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="indigo" aria-label={t("stories.aspectRatioIs", { aspectRatio })}>
      {aspectRatio}
    </Badge>
  );
}

export function OrientationBadge({ orientation }: { orientation: Orientation }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="grape">
      {t(`stories.orientations.${orientation}`)}
    </Badge>
  );
}
