// The file's facts beside its preview (spec 1 §2): label, type, size, media type, who created it and when, and its
// property values.
import { Divider, Stack, Text, Title } from "@mantine/core";
import type { Datastream } from "@repox/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import { formatContentDate } from "../containers/content-dates.ts";
import { propertyDisplays } from "../containers/property-display.ts";
import { PropertyListView } from "../containers/property-list-view.tsx";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

export function InfoSidebar({ datastream, extra }: { datastream: Datastream; extra?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const person = datastream.createdBy;
  const creator = person ? `${person.firstname} ${person.lastname}`.trim() || person.email : "-";
  return (
    <Stack gap="sm" data-testid="datastream-info">
      <Title order={5}>{t("filePreview.info")}</Title>
      <Fact label={t("filePreview.label")}>{datastream.label}</Fact>
      <Fact label={t("filePreview.type")}>{datastream.type.name}</Fact>
      <Fact label={t("filePreview.size")}>{formatBytes(datastream.filesize, i18n.language)}</Fact>
      <Fact label={t("filePreview.mimeType")}>{datastream.mimeType}</Fact>
      <Fact label={t("filePreview.createdBy")}>{creator}</Fact>
      <Fact label={t("filePreview.createdAt")}>{formatContentDate(datastream.createdAt)}</Fact>
      <Divider />
      <Title order={6}>{t("filePreview.properties")}</Title>
      <PropertyListView
        entries={propertyDisplays(datastream.properties)}
        typeCode={datastream.type.code}
        emptyText={t("filePreview.noProperties")}
      />
      {extra}
    </Stack>
  );
}
