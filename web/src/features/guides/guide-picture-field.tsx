// A logo or cover picker of the Splash Screen section (spec 3 §2): the picture chosen, and a button opening the story
// asset picker. A picture too small or of another shape is refused at once with the size it must have; the server
// checks again and keeps a copy sized exactly (1148×249, 1920×1200).
import { Button, Group, Image, Stack, Text } from "@mantine/core";
import { fitsGuideImage, GUIDE_IMAGE_SIZES, type GuideImageRole } from "@repox/contracts";
import { IconPhoto, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { showError } from "../../components/toast.ts";
import { fetchAsset } from "../story-editor/api.ts";
import { AssetPickerModal } from "../story-editor/asset-picker-modal.tsx";
import { type GuidePicture, newPicture } from "./guide-draft.ts";

export const sizeText = (role: GuideImageRole) => `${GUIDE_IMAGE_SIZES[role].width}×${GUIDE_IMAGE_SIZES[role].height}`;

export function GuidePictureField({
  kind: role,
  value,
  onChange,
}: {
  kind: GuideImageRole;
  value: GuidePicture | null;
  onChange: (picture: GuidePicture | null) => void;
}) {
  const { t } = useTranslation();
  const [isPicking, setPicking] = useState(false);
  const label = t(`guides.fields.${role}`, { size: sizeText(role) });
  const pick = async (uuid: string) => {
    try {
      const asset = await fetchAsset(uuid);
      if (asset.width && asset.height && !fitsGuideImage(role, asset.width, asset.height)) {
        showError(t("guides.wrongSize", { field: label, size: sizeText(role), actual: `${asset.width}×${asset.height}` }));
        return;
      }
      onChange(newPicture(asset.uuid, asset.downloadUrl));
    } catch (error) {
      showError(errorText(error));
    }
  };
  return (
    <Stack gap={6} data-testid={`guide-${role}`}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {value ? (
        <Image src={value.url} alt={label} h={role === "logo" ? 60 : 140} w="auto" fit="contain" radius="sm" bg="gray.1" />
      ) : (
        <Text size="sm" c="dimmed">
          {t("guides.noImage")}
        </Text>
      )}
      <Group gap="xs">
        <Button variant="light" size="xs" leftSection={<IconPhoto size={14} />} onClick={() => setPicking(true)}>
          {value ? t("guides.changeImage") : t("guides.chooseImage")}
        </Button>
        {value && (
          <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => onChange(null)}>
            {t("guides.removeImage")}
          </Button>
        )}
      </Group>
      <AssetPickerModal
        opened={isPicking}
        onClose={() => setPicking(false)}
        onPick={(picture) => void pick(picture.uuid)}
        withStore={false}
        title={label}
      />
    </Stack>
  );
}
