// A spatial-map property: place name, longitude and latitude, and a map to pick or drag the point.
import { Fieldset, Group, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { InputProps } from "./input-props.ts";
import { MAP_TILE_URL, placeAt, placePosition } from "./map-settings.ts";
import { PlaceMap } from "./place-map.tsx";

export function SpatialMapInput({ label, value, onChange, required, disabled, error }: InputProps<"spatial-map">) {
  const { t } = useTranslation();
  const set = (part: Partial<typeof value>) => onChange({ ...value, ...part });
  const invalid = Boolean(error);
  return (
    <Fieldset legend={`${label}${required ? " *" : ""}`} disabled={disabled} variant="filled">
      <Stack gap="xs">
        <TextInput
          label={t("containerForm.inputs.placename")}
          value={value.placename}
          error={invalid}
          onChange={(event) => set({ placename: event.currentTarget.value })}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t("containerForm.inputs.longitude")}
            inputMode="decimal"
            value={value.longitude}
            error={invalid}
            onChange={(event) => set({ longitude: event.currentTarget.value })}
          />
          <TextInput
            label={t("containerForm.inputs.latitude")}
            inputMode="decimal"
            value={value.latitude}
            error={invalid}
            onChange={(event) => set({ latitude: event.currentTarget.value })}
          />
        </Group>
        {typeof error === "string" && (
          <Text size="sm" c="red">
            {error}
          </Text>
        )}
        <PlaceMap
          position={placePosition(value)}
          disabled={disabled}
          label={t("containerForm.inputs.map", { label })}
          onPick={(point) => onChange(placeAt(value, point.lat, point.lng))}
        />
        {MAP_TILE_URL === "" && (
          <Text size="xs" c="dimmed">
            {t("containerForm.inputs.noTiles")}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
