// Cover Page (spec 3 §2): the story's cover picture, an uploaded asset chosen in the cover picker.
import { Button, Group, Image, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AssetPickerModal } from "../asset-picker-modal.tsx";
import { useEditor } from "../editor-context.tsx";

export function CoverPageSection() {
  const { t } = useTranslation();
  const { state, dispatch, resolvePicture } = useEditor();
  const [isPicking, setPicking] = useState(false);
  const cover = state.history.present.coverPage;
  const address = cover ? resolvePicture({ uuid: cover, from: "stories" }) : null;
  return (
    <Stack gap="sm">
      {address ? (
        <Image src={address} alt={t("storyEditor.cover.alt")} radius="sm" mah={160} fit="contain" />
      ) : (
        <Text c="dimmed">{t("storyEditor.cover.none")}</Text>
      )}
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => setPicking(true)}>
          {t("storyEditor.cover.choose")}
        </Button>
        {cover && (
          <Button size="xs" variant="subtle" color="red" onClick={() => dispatch({ type: "story/update", fields: { coverPage: null } })}>
            {t("storyEditor.cover.remove")}
          </Button>
        )}
      </Group>
      <AssetPickerModal
        opened={isPicking}
        onClose={() => setPicking(false)}
        withStore={false}
        title={t("storyEditor.cover.pickerTitle")}
        onPick={(picture) => dispatch({ type: "story/update", fields: { coverPage: picture.uuid } })}
      />
    </Stack>
  );
}
