// One property value, read-only, as its type shows it (spec 1 §2): rich text rendered (the server sanitised it when
// it was saved), URLs as links, references as links to their containers, vocabulary terms by label, places as
// coordinates or, where there is room, on a map.
import { Anchor, Badge, Code, Group, Skeleton, Text, Typography } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { lazyComponent } from "../../components/lazy-component.tsx";
import { useContainerLabels, useTermLabels } from "../property-inputs/api.ts";
import { MAP_HEIGHT_PX } from "../property-inputs/map-settings.ts";
import classes from "./content.module.css";
import { formatContentDate } from "./content-dates.ts";
import { containerPath } from "./content-items.ts";
import type { DisplayValue } from "./property-display.ts";

type PlaceValue = Extract<DisplayValue, { kind: "place" }>;

// Leaflet is fetched only when a place is shown on a map.
const PlaceMap = lazyComponent(() => import("../property-inputs/place-map.tsx").then((m) => m.PlaceMap), <Skeleton h={MAP_HEIGHT_PX} />);

function References({ uuids }: { uuids: string[] }) {
  const labels = useContainerLabels(uuids);
  return (
    <Group gap="xs">
      {uuids.map((uuid) => (
        <Anchor key={uuid} component={Link} to={containerPath(uuid)} size="sm">
          {labels.get(uuid) ?? uuid}
        </Anchor>
      ))}
    </Group>
  );
}

function Terms({ vocabularyId, termIds }: { vocabularyId: string | null; termIds: string[] }) {
  const labels = useTermLabels(vocabularyId, termIds);
  return (
    <Group gap={4}>
      {termIds.map((termId) => (
        <Badge key={termId} variant="light" tt="none">
          {labels.get(termId) ?? termId}
        </Badge>
      ))}
    </Group>
  );
}

function Place({ value, label, withMap }: { value: PlaceValue; label: string; withMap: boolean }) {
  const { t } = useTranslation();
  const { latitude, longitude } = value;
  const hasPosition = latitude !== null && longitude !== null;
  return (
    <>
      {value.placename && <Text size="sm">{value.placename}</Text>}
      {hasPosition && (
        <Text size="xs" c="dimmed">
          {t("containers.properties.coordinates", { latitude, longitude })}
        </Text>
      )}
      {withMap && hasPosition && (
        <PlaceMap position={[latitude, longitude]} disabled label={t("containers.properties.map", { label })} onPick={() => undefined} />
      )}
    </>
  );
}

type Props = { value: DisplayValue; label: string; vocabularyId: string | null; withMap: boolean };

export function PropertyValueView({ value, label, vocabularyId, withMap }: Props) {
  const { t } = useTranslation();
  switch (value.kind) {
    case "text":
      return <Text size="sm">{value.text}</Text>;
    case "multiline":
      return (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {value.text}
        </Text>
      );
    case "date":
      return <Text size="sm">{formatContentDate(value.text)}</Text>;
    case "boolean":
      return <Text size="sm">{value.value ? t("containers.properties.yes") : t("containers.properties.no")}</Text>;
    case "url":
      return (
        <Anchor href={value.href} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: "break-all" }}>
          {value.href}
        </Anchor>
      );
    case "html":
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores rich text only after sanitising it.
      return <Typography className={classes.richText} fz="sm" dangerouslySetInnerHTML={{ __html: value.html }} />;
    case "json":
      return <Code block>{value.text}</Code>;
    case "choices":
      return (
        <Group gap={4}>
          {value.items.map((item) => (
            <Badge key={item} variant="light" tt="none">
              {item}
            </Badge>
          ))}
        </Group>
      );
    case "terms":
      return <Terms vocabularyId={vocabularyId} termIds={value.termIds} />;
    case "references":
      return <References uuids={value.uuids} />;
    case "place":
      return <Place value={value} label={label} withMap={withMap} />;
  }
}
