// The Onboarding section (spec 3 §2): pictures added through the asset picker, reordered by holding one for 50 ms and
// dragging it (spec 3 §9), or with the keyboard; the preview shows them as a carousel.
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Button, Group, Image, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { GUIDE_LIMITS, STORY_LIMITS } from "@repox/contracts";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { dragAccessibility } from "../../components/drag-accessibility.ts";
import { showError } from "../../components/toast.ts";
import { fetchAsset } from "../story-editor/api.ts";
import { AssetPickerModal } from "../story-editor/asset-picker-modal.tsx";
import { type GuidePicture, newPicture } from "./guide-draft.ts";

function OnboardingTile({ picture, number, onRemove }: { picture: GuidePicture; number: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: picture.key });
  const name = t("guides.onboarding.image", { number });
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      p={4}
      pos="relative"
      data-testid="onboarding-tile"
      data-asset={picture.asset}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : 1,
        cursor: "grab",
        touchAction: "none",
      }}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={name}
    >
      <Image src={picture.url} alt={name} h={90} fit="contain" bg="gray.1" />
      <Text size="xs" ta="center" mt={2}>
        {number}
      </Text>
      <ActionIcon
        size="sm"
        variant="filled"
        color="red"
        radius="xl"
        pos="absolute"
        top={2}
        right={2}
        aria-label={t("guides.onboarding.remove", { number })}
        onPointerDown={(event) => event.stopPropagation()}
        onClick={onRemove}
      >
        <IconX size={12} />
      </ActionIcon>
    </Paper>
  );
}

export function OnboardingList({ pictures, onChange }: { pictures: GuidePicture[]; onChange: (pictures: GuidePicture[]) => void }) {
  const { t } = useTranslation();
  const [isPicking, setPicking] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { delay: STORY_LIMITS.dragHoldMs, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = pictures.findIndex((picture) => picture.key === active.id);
    const to = pictures.findIndex((picture) => picture.key === over.id);
    onChange(arrayMove(pictures, from, to));
  };
  const add = async (uuid: string) => {
    try {
      const asset = await fetchAsset(uuid);
      onChange([...pictures, newPicture(asset.uuid, asset.downloadUrl)]);
    } catch (error) {
      showError(errorText(error));
    }
  };
  const nameOf = (key: UniqueIdentifier) =>
    t("guides.onboarding.image", { number: pictures.findIndex((picture) => picture.key === key) + 1 });
  const isFull = pictures.length >= GUIDE_LIMITS.onboardingMaxImages;
  return (
    <Stack gap="sm">
      {pictures.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("guides.onboarding.empty")}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {t("guides.onboarding.hint")}
          </Text>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            accessibility={dragAccessibility(t, "guides.onboarding.drag", nameOf)}
            onDragEnd={onDragEnd}
          >
            <SortableContext items={pictures.map((picture) => picture.key)} strategy={rectSortingStrategy}>
              <SimpleGrid cols={3} spacing="xs" data-testid="onboarding-list">
                {pictures.map((picture, index) => (
                  <OnboardingTile
                    key={picture.key}
                    picture={picture}
                    number={index + 1}
                    onRemove={() => onChange(pictures.filter((item) => item.key !== picture.key))}
                  />
                ))}
              </SimpleGrid>
            </SortableContext>
          </DndContext>
        </>
      )}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setPicking(true)} disabled={isFull}>
          {t("guides.onboarding.add")}
        </Button>
      </Group>
      <AssetPickerModal
        opened={isPicking}
        onClose={() => setPicking(false)}
        onPick={(picture) => void add(picture.uuid)}
        withStore={false}
        title={t("guides.sections.onboarding")}
      />
    </Stack>
  );
}
