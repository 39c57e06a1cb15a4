// The cataloguing layout's file strip: the container's first files as thumbnails, scrolled a view at a time.
import { ActionIcon, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { DatastreamSummary } from "@repox/contracts";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { DatastreamThumbnail } from "./datastream-tile.tsx";

const CARD_WIDTH = 200;

type Props = {
  datastreams: DatastreamSummary[];
  /** Opens the file's preview; null while no preview is registered (the cards are then not buttons). */
  onOpen: ((datastream: DatastreamSummary) => void) | null;
};

export function FileCarousel({ datastreams, onOpen }: Props) {
  const { t } = useTranslation();
  const strip = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => strip.current?.scrollBy({ left: direction * strip.current.clientWidth, behavior: "smooth" });
  if (datastreams.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t("containers.carousel.title")}>
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t("containers.carousel.title")}
        </Title>
        <Group gap={4}>
          <ActionIcon variant="default" aria-label={t("containers.carousel.previous")} onClick={() => scroll(-1)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <ActionIcon variant="default" aria-label={t("containers.carousel.next")} onClick={() => scroll(1)}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <div ref={strip} style={{ display: "flex", gap: 12, overflowX: "auto", scrollSnapType: "x mandatory", paddingBottom: 4 }}>
        {datastreams.map((datastream) => (
          <Card
            key={datastream.uuid}
            withBorder
            padding="xs"
            w={CARD_WIDTH}
            style={{ flex: "0 0 auto", scrollSnapAlign: "start", cursor: onOpen ? "pointer" : "default", textAlign: "start" }}
            {...(onOpen ? { component: "button" as const, type: "button" as const, onClick: () => onOpen(datastream) } : {})}
          >
            <Card.Section>
              <DatastreamThumbnail datastream={datastream} />
            </Card.Section>
            <Text size="xs" mt={6} truncate title={datastream.label}>
              {datastream.label}
            </Text>
          </Card>
        ))}
      </div>
    </Stack>
  );
}
