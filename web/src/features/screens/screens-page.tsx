// /screens (spec 3 §2): the screens as cards with the 'Add new screen' card (for those who may create), paged (the
// server's page size); a failed load stops loading silently (spec 3 §8).
import { Card, Center, SimpleGrid, Stack, Text } from "@mantine/core";
import { PERMISSIONS } from "@repox/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LabelledPagination } from "../../components/list-pagination.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { useMyPermissions } from "../auth/permissions.ts";
import { useScreenPage } from "./api.ts";
import { ScreenCard } from "./screen-card.tsx";

export function ScreensPage() {
  const { t } = useTranslation();
  const canCreate = useMyPermissions().can(PERMISSIONS.storiesEdit);
  const [page, setPage] = useState(0);
  const screens = useScreenPage(page);
  const totalPages = screens.data?.totalPages ?? 0;
  return (
    <Stack>
      <PageHeader title={t("menu.screens")} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }}>
        {canCreate && (
          <Card withBorder radius="md" component={Link} to="/screens/new" data-testid="add-screen">
            <Center h={220}>
              <Stack align="center" gap="xs">
                <IconPlus size={40} />
                <Text fw={600}>{t("screens.addNew")}</Text>
              </Stack>
            </Center>
          </Card>
        )}
        {screens.data?.content.map((screen) => (
          <ScreenCard key={screen.id} screen={screen} />
        ))}
      </SimpleGrid>
      {totalPages > 1 && <LabelledPagination total={totalPages} value={page + 1} onChange={(value) => setPage(value - 1)} />}
    </Stack>
  );
}
