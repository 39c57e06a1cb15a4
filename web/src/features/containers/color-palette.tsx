// The 13 container colours (spec 1 §9) as swatches, the current one ticked, and a way back to no colour.
import { ActionIcon, CheckIcon, ColorSwatch, Group, Tooltip } from "@mantine/core";
import { CONTAINER_COLOR_PALETTE } from "@repox/contracts";
import { IconCircleOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { textColorOn } from "./colors.ts";

type Props = { value: string | null; onPick: (color: string | null) => void; disabled?: boolean };

export function ColorPalette({ value, onPick, disabled = false }: Props) {
  const { t } = useTranslation();
  const current = value?.toLowerCase() ?? null;
  // Keyboard focus starts on the current colour, or on the first one when none is set.
  const focused = CONTAINER_COLOR_PALETTE.find((color) => color === current) ?? CONTAINER_COLOR_PALETTE[0];
  return (
    <Group gap={6} role="group" aria-label={t("containers.color.palette")} maw={7 * 34}>
      {CONTAINER_COLOR_PALETTE.map((color) => (
        <ColorSwatch
          key={color}
          component="button"
          type="button"
          color={color}
          size={28}
          disabled={disabled}
          aria-label={t("containers.color.choose", { color })}
          aria-pressed={current === color}
          data-autofocus={color === focused || undefined}
          onClick={() => onPick(color)}
          style={{ cursor: "pointer", color: textColorOn(color) }}
        >
          {current === color && <CheckIcon size={12} />}
        </ColorSwatch>
      ))}
      <Tooltip label={t("containers.color.clear")}>
        <ActionIcon
          variant="default"
          radius="xl"
          size={28}
          disabled={disabled}
          aria-label={t("containers.color.clear")}
          aria-pressed={current === null}
          onClick={() => onPick(null)}
        >
          <IconCircleOff size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
