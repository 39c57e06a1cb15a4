import { ActionIcon } from "@mantine/core";
import { useFullscreenDocument } from "@mantine/hooks";
import { IconMaximize, IconMinimize } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export function FullscreenToggle() {
  const { t } = useTranslation();
  const { fullscreen, toggle } = useFullscreenDocument();
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={toggle}
      aria-label={fullscreen ? t("topBar.exitFullscreen") : t("topBar.enterFullscreen")}
    >
      {fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
    </ActionIcon>
  );
}
