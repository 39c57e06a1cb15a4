// A container's properties, read-only: each label with its values (every instance of a repeatable one) and their
// qualifiers; an empty property shows a dash.
import { Badge, Group, Stack, Text } from "@mantine/core";
import { parsePropertyDetails, type VocabularyDetails } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { useContainerType } from "../container-form/api.ts";
import type { PropertyDisplay } from "./property-display.ts";
import { PropertyValueView } from "./property-value-view.tsx";

/** Vocabulary ids by property key: stored values hold term ids, their labels live in the vocabulary. */
function useVocabularyIds(typeCode: string, entries: readonly PropertyDisplay[]): Map<string, string> {
  const hasTerms = entries.some((entry) => entry.propertyType === "vocabulary-flat" && entry.instances.length > 0);
  const type = useContainerType(hasTerms ? typeCode : null);
  const ids = new Map<string, string>();
  for (const property of type.data?.properties ?? []) {
    if (property.propertyType !== "vocabulary-flat") continue;
    const details = parsePropertyDetails(property.propertyType, property.propertyDetails);
    if (details.ok) ids.set(property.propertyKey, (details.details as VocabularyDetails).vocabularyId);
  }
  return ids;
}

type Props = { entries: readonly PropertyDisplay[]; typeCode: string; withMap?: boolean; emptyText?: string };

export function PropertyListView({ entries, typeCode, withMap = false, emptyText }: Props) {
  const { t } = useTranslation();
  const vocabularyIds = useVocabularyIds(typeCode, entries);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText ?? t("containers.properties.empty")}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="dl" m={0}>
      {entries.map((entry) => (
        <div key={entry.key}>
          <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase">
            {entry.label}
          </Text>
          <Stack component="dd" gap={4} m={0}>
            {entry.instances.length === 0 ? (
              <Text size="sm">{t("containers.properties.noValue")}</Text>
            ) : (
              entry.instances.map((instance, index) => (
                // Instances have no id of their own; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <PropertyValueView
                      value={instance.value}
                      label={entry.label}
                      vocabularyId={vocabularyIds.get(entry.key) ?? null}
                      withMap={withMap}
                    />
                  </div>
                  {instance.qualifiers.map((qualifier) => (
                    <Badge key={qualifier.qualifierKey} size="xs" variant="outline" tt="none">
                      {qualifier.qualifierKey}: {qualifier.qualifierValue}
                    </Badge>
                  ))}
                </Group>
              ))
            )}
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
