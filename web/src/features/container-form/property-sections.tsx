// Create mode: the type's properties under their group names, all on one page.
import { Divider, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PropertyStep } from "./form-model.ts";
import { PropertyList, type PropertyListProps } from "./property-list.tsx";

export function PropertySections({ steps, ...list }: PropertyListProps & { steps: readonly PropertyStep[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {steps.map((step) => (
        <Stack key={step.groupId ?? "ungrouped"} gap="sm">
          <Divider label={step.name ?? t("containerForm.ungrouped")} labelPosition="left" />
          <PropertyList {...list} fields={list.fields.filter((field) => step.keys.includes(field.property.propertyKey))} />
        </Stack>
      ))}
    </Stack>
  );
}
