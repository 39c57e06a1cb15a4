// The properties section of the printout, in the blocks the container form steps through (one per property group),
// each value shown as the container page shows it.
import { Stack, Text } from "@mantine/core";
import type { Container } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { usePropertyGroups } from "../container-form/api.ts";
import { propertyDisplays } from "../containers/property-display.ts";
import { PropertyListView } from "../containers/property-list-view.tsx";
import { groupProperties } from "./property-groups.ts";

export function PrintProperties({ container }: { container: Container }) {
  const { t } = useTranslation();
  const groups = usePropertyGroups();
  const blocks = groupProperties(propertyDisplays(container.properties), groups.data ?? []);
  if (blocks.length === 0) return <PropertyListView entries={[]} typeCode={container.type.code} />;
  // A single block of ungrouped properties needs no heading of its own.
  const isPlain = blocks.length === 1 && blocks[0]?.groupId === null;
  return (
    <Stack gap="md">
      {blocks.map((block) => (
        <div key={block.groupId ?? "ungrouped"}>
          {!isPlain && (
            <Text size="sm" fw={700} mb={6}>
              {block.name ?? t("printPreview.ungrouped")}
            </Text>
          )}
          <PropertyListView entries={block.entries} typeCode={container.type.code} />
        </div>
      ))}
    </Stack>
  );
}
