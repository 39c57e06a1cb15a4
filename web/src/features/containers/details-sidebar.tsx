// The right-hand details sidebar (spec 1 §2): tabs Details, Properties (containers) and Activity for the selected
// item, or for the container on screen when nothing single is selected.
import { CloseButton, Group, Paper, ScrollArea, Tabs, Text, Title } from "@mantine/core";
import type { ContainerSummary, DatastreamSummary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { ActivityTab } from "./activity-tab.tsx";
import { ContainerDetails, DatastreamDetails } from "./details-tab.tsx";
import { PropertiesTab } from "./properties-tab.tsx";

export type DetailsSubject = { kind: "container"; item: ContainerSummary } | { kind: "datastream"; item: DatastreamSummary };

type Props = { subject: DetailsSubject | null; onClose: () => void };

export function DetailsSidebar({ subject, onClose }: Props) {
  const { t } = useTranslation();
  return (
    // The bottom padding is room for the floating plus button (56 px, 24 px from the bottom), so it never covers content.
    <Paper withBorder p="md" pb={88} component="aside" aria-label={t("containers.details.title")} pos="sticky" top={76}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Title order={3} size="h5" lineClamp={2} title={subject?.item.label}>
          {subject ? subject.item.label : t("containers.details.title")}
        </Title>
        <CloseButton aria-label={t("containers.details.hide")} onClick={onClose} />
      </Group>
      {subject ? (
        <Tabs key={`${subject.kind}:${subject.item.uuid}`} defaultValue="details" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="details">{t("containers.details.tabs.details")}</Tabs.Tab>
            {subject.kind === "container" && <Tabs.Tab value="properties">{t("containers.details.tabs.properties")}</Tabs.Tab>}
            <Tabs.Tab value="activity">{t("containers.details.tabs.activity")}</Tabs.Tab>
          </Tabs.List>
          <ScrollArea.Autosize mah="calc(100dvh - 330px)" type="auto" scrollbars="y" offsetScrollbars>
            <Tabs.Panel value="details">
              {subject.kind === "container" ? (
                <ContainerDetails container={subject.item} />
              ) : (
                <DatastreamDetails datastream={subject.item} />
              )}
            </Tabs.Panel>
            {subject.kind === "container" && (
              <Tabs.Panel value="properties">
                <PropertiesTab container={subject.item} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="activity">
              <ActivityTab subject={{ kind: subject.kind, uuid: subject.item.uuid }} />
            </Tabs.Panel>
          </ScrollArea.Autosize>
        </Tabs>
      ) : (
        <Text size="sm" c="dimmed">
          {t("containers.details.noSelection")}
        </Text>
      )}
    </Paper>
  );
}
