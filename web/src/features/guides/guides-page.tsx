// /guide (spec 3 §2 Guide creator): the guides as cards, led on the first page by the 'Add new Guide' card for those
// who may create; 'No Guides found' when there is none.
import { Badge, Box, Card, Center, EmptyState, Image, LoadingOverlay, Stack, Text } from "@mantine/core";
import { type Guide, PERMISSIONS } from "@repox/contracts";
import { IconMap, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ListPagination } from "../../components/list-pagination.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { TileGrid } from "../../components/tile-grid.tsx";
import { useMyPermissions } from "../auth/permissions.ts";
import { useGuidePage } from "./api.ts";
import { guideEditPath } from "./guide-editor-page.tsx";

const CARD_HEIGHT = 260;
const COVER_HEIGHT = 130;

function AddGuideCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder component={Link} to="/guide/new" padding="md" mih={CARD_HEIGHT} style={{ borderStyle: "dashed" }}>
      <Center h="100%" mih={CARD_HEIGHT - 40}>
        <Stack align="center" gap="xs">
          <IconPlus size={32} stroke={1.5} />
          <Text fw={600}>{t("guides.addNew")}</Text>
        </Stack>
      </Center>
    </Card>
  );
}

function GuideCard({ guide }: { guide: Guide }) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      component={Link}
      to={guideEditPath(guide.id)}
      padding="md"
      mih={CARD_HEIGHT}
      aria-label={guide.title}
      data-testid="guide-card"
    >
      <Card.Section>
        {guide.cover ? (
          <Image src={guide.cover.url} alt={t("guides.coverOf", { title: guide.title })} h={COVER_HEIGHT} fit="cover" />
        ) : (
          <Center h={COVER_HEIGHT} bg="gray.1" c="dimmed">
            <IconMap size={36} stroke={1.2} />
          </Center>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Text fw={600} lineClamp={1} title={guide.title}>
          {guide.title}
        </Text>
        {guide.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {guide.description}
          </Text>
        )}
        <Box>
          <Badge color={guide.isPublished ? "teal" : "gray"} variant="light">
            {guide.isPublished ? t("guides.published") : t("guides.draft")}
          </Badge>
        </Box>
      </Stack>
    </Card>
  );
}

export function GuidesPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.storiesEdit);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(0, Number(searchParams.get("page") ?? "1") - 1 || 0);
  const guides = useGuidePage(page);
  const data = guides.data;
  const isEmpty = data?.empty && data.number === 0;
  return (
    <Stack gap={0}>
      <PageHeader title={t("guides.title")} />
      {!data ? (
        <QueryStatus isLoading={guides.isLoading} error={guides.error} />
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={guides.isPlaceholderData} zIndex={10} overlayProps={{ blur: 1 }} />
          <TileGrid>
            {canEdit && data.number === 0 && <AddGuideCard />}
            {data.content.map((guide) => (
              <GuideCard key={guide.id} guide={guide} />
            ))}
          </TileGrid>
          {isEmpty ? (
            <EmptyState mt="xl" icon={<IconMap size={32} />} withIndicatorBackground title={t("guides.empty")} />
          ) : (
            <ListPagination page={data} onChange={(next) => setSearchParams({ page: String(next + 1) })} />
          )}
        </Box>
      )}
    </Stack>
  );
}
