// /screens (spec 3 §2): the screens as cards, led on the first page by the 'Add new screen' card for those who may
// create; pages in the one-based `page` query parameter (as the websites list), so going back from a screen returns
// to its page. A failed load stops loading silently (spec 3 §8).
import { Card, Center, SimpleGrid, Stack, Text } from "@mantine/core";
import { PERMISSIONS } from "@repox/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAddressPage } from "../../components/address-page.ts";
import { ListPagination } from "../../components/list-pagination.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { useMyPermissions } from "../auth/permissions.ts";
import { useScreenPage } from "./api.ts";
import { ScreenCard } from "./screen-card.tsx";

export function ScreensPage() {
  const { t } = useTranslation();
  const canCreate = useMyPermissions().can(PERMISSIONS.storiesEdit);
  const { page, goTo } = useAddressPage();
  const screens = useScreenPage(page);
  return (
    <Stack>
      <PageHeader title={t("menu.screens")} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }}>
        {canCreate && page === 0 && (
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
      {screens.data && <ListPagination page={screens.data} onChange={goTo} />}
    </Stack>
  );
}
