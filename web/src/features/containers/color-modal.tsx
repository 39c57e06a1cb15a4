// Add Color: pick one of the palette's colours for a container (or none); the choice is saved at once.
import { Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ColorPalette } from "./color-palette.tsx";
import { useColorChange } from "./use-color-change.ts";

type Props = { container: { uuid: string; color: string | null }; onClose: () => void };

export function ColorModal({ container, onClose }: Props) {
  const { t } = useTranslation();
  const { change, isPending } = useColorChange();
  return (
    <Modal opened onClose={onClose} title={t("containers.color.title")} size="auto">
      <ColorPalette value={container.color} disabled={isPending} onPick={(color) => change(container.uuid, color, onClose)} />
    </Modal>
  );
}
