// Edit Element (spec 3 §2, §3): the selected element's place, size, rotation (45° steps), stacking and deletion, then
// its data per type (element-data-fields.tsx).
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { STORY_LIMITS } from "@repox/contracts";
import {
  IconArrowBarToDown,
  IconArrowBarToUp,
  IconArrowDown,
  IconArrowUp,
  IconRotate,
  IconRotateClockwise,
  IconTrash,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useEditor } from "../editor-context.tsx";
import { selectedElement } from "../state/editor-reducer.ts";
import type { StackMove } from "../state/element-operations.ts";
import { ElementDataFields } from "./element-data-fields.tsx";

const STACK_MOVES: [StackMove, typeof IconArrowUp][] = [
  ["front", IconArrowBarToUp],
  ["forward", IconArrowUp],
  ["backward", IconArrowDown],
  ["back", IconArrowBarToDown],
];

export function ElementSection({ onChoosePicture }: { onChoosePicture: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch } = useEditor();
  const element = selectedElement(state);
  if (!element) return <Text c="dimmed">{t("storyEditor.element.none")}</Text>;
  const elementId = element.id;
  const geometryInput = (field: "x" | "y" | "width" | "height") => (
    <NumberInput
      label={t(`storyEditor.element.${field}`)}
      size="xs"
      value={element[field]}
      step={1}
      onChange={(value) => typeof value === "number" && dispatch({ type: "element/geometry", elementId, geometry: { [field]: value } })}
    />
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(`storyEditor.elements.types.${element.type}`)}
      </Text>
      <TextInput
        label={t("storyEditor.element.name")}
        value={element.name}
        maxLength={STORY_LIMITS.nameMaxLength}
        onChange={(event) =>
          dispatch({ type: "element/update", elementId, name: event.currentTarget.value, mergeKey: `element:${elementId}:name` })
        }
      />
      <Group grow gap="xs">
        {geometryInput("x")}
        {geometryInput("y")}
      </Group>
      <Group grow gap="xs">
        {geometryInput("width")}
        {geometryInput("height")}
      </Group>
      <Group gap="xs" justify="space-between">
        <Group gap={4}>
          <Tooltip label={t("storyEditor.element.rotateLeft")}>
            <ActionIcon
              variant="default"
              aria-label={t("storyEditor.element.rotateLeft")}
              onClick={() => dispatch({ type: "element/rotate", direction: -1 })}
            >
              <IconRotate size={16} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" w={48} ta="center" data-testid="element-rotation">
            {element.rotation}°
          </Text>
          <Tooltip label={t("storyEditor.element.rotateRight")}>
            <ActionIcon
              variant="default"
              aria-label={t("storyEditor.element.rotateRight")}
              onClick={() => dispatch({ type: "element/rotate", direction: 1 })}
            >
              <IconRotateClockwise size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap={4}>
          {STACK_MOVES.map(([move, Icon]) => (
            <Tooltip key={move} label={t(`storyEditor.element.stack.${move}`)}>
              <ActionIcon
                variant="default"
                aria-label={t(`storyEditor.element.stack.${move}`)}
                onClick={() => dispatch({ type: "element/restack", elementId, move })}
              >
                <Icon size={16} />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
      </Group>
      <ElementDataFields element={element} onChoosePicture={onChoosePicture} />
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconTrash size={14} />}
        onClick={() => dispatch({ type: "element/delete", elementId })}
      >
        {t("storyEditor.element.delete")}
      </Button>
    </Stack>
  );
}
