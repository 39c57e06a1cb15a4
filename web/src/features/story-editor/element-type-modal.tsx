// 'Select your element' (spec 3 §2): the element types 'Add Element +' can add to the selected slide, each with the
// §9 defaults, placed in the middle of the canvas.
import { Modal, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { defaultElementSize, ELEMENT_TYPES, type ElementType, newElement, type StoryElement } from "@repox/contracts";
import { IconBrandVimeo, IconBrandYoutube, IconH1, IconLetterT, IconPhoto } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { newItemId } from "./editor-context.tsx";
import classes from "./picker.module.css";

const ICONS: Record<ElementType, ReactNode> = {
  TEXT: <IconLetterT size={32} />,
  TITLE: <IconH1 size={32} />,
  IMAGE: <IconPhoto size={32} />,
  YOUTUBE: <IconBrandYoutube size={32} />,
  VIMEO: <IconBrandVimeo size={32} />,
};

/** A new element of `type` centred on a canvas of this size. */
export function centredElement(type: ElementType, canvas: { width: number; height: number }): StoryElement {
  const size = defaultElementSize(type);
  return newElement(type, newItemId(), {
    x: Math.round((canvas.width - size.width) / 2),
    y: Math.round((canvas.height - size.height) / 2),
  });
}

export function ElementTypeModal({
  opened,
  onClose,
  onChoose,
}: {
  opened: boolean;
  onClose: () => void;
  onChoose: (type: ElementType) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("storyEditor.elements.select")} size="lg">
      <SimpleGrid cols={5} spacing="sm">
        {ELEMENT_TYPES.map((type) => (
          <UnstyledButton
            key={type}
            className={classes.card}
            onClick={() => {
              onChoose(type);
              onClose();
            }}
          >
            <Stack align="center" gap={4}>
              {ICONS[type]}
              <Text size="sm">{t(`storyEditor.elements.types.${type}`)}</Text>
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
