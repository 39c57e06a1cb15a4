// A container's page body by its type's layout (spec 1 §2): DEFAULT (folders and files), RECORD (property tabs on the
// left, mandatory and optional, folders and files on the right) and CATALOGUING (read-only properties with map,
// rich text, links and references, a file carousel, then folders and files).
import { Grid, Paper, Stack, Tabs } from "@mantine/core";
import type { Container, DatastreamSummary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { FileCarousel } from "./file-carousel.tsx";
import { FolderWorkspace } from "./folder-workspace.tsx";
import { propertyDisplays, splitByMandatory } from "./property-display.ts";
import { PropertyListView } from "./property-list-view.tsx";

export function RecordLayout({ container }: { container: Container }) {
  const { t } = useTranslation();
  const { mandatory, optional } = splitByMandatory(propertyDisplays(container.properties));
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5, xl: 4 }}>
        <Paper withBorder p="md" component="section" aria-label={t("containers.details.tabs.properties")}>
          <Tabs defaultValue={mandatory.length > 0 || optional.length === 0 ? "mandatory" : "optional"}>
            <Tabs.List mb="sm">
              <Tabs.Tab value="mandatory">{t("containers.properties.mandatory")}</Tabs.Tab>
              <Tabs.Tab value="optional">{t("containers.properties.optional")}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="mandatory">
              <PropertyListView entries={mandatory} typeCode={container.type.code} />
            </Tabs.Panel>
            <Tabs.Panel value="optional">
              <PropertyListView entries={optional} typeCode={container.type.code} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7, xl: 8 }}>
        <FolderWorkspace folder={container} />
      </Grid.Col>
    </Grid>
  );
}

type CataloguingProps = { container: Container; onOpenFile: ((datastream: DatastreamSummary) => void) | null };

export function CataloguingLayout({ container, onOpenFile }: CataloguingProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-label={t("containers.details.tabs.properties")}>
        <PropertyListView entries={propertyDisplays(container.properties)} typeCode={container.type.code} withMap />
      </Paper>
      <FileCarousel datastreams={container.datastreams} onOpen={onOpenFile} />
      <FolderWorkspace folder={container} />
    </Stack>
  );
}
