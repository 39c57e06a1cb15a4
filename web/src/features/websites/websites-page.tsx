// /websites (spec 3 §2 Websites, mirroring the screens list): the websites as cards, newest first, led on the first
// page by 'Add new website' for those who may create; pages in the one-based `page` query parameter. A failed load
// only stops loading (spec 3 §8).
import { Box, LoadingOverlay, Stack } from "@mantine/core";
import { PERMISSIONS } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { useAddressPage } from "../../components/address-page.ts";
import { ListPagination } from "../../components/list-pagination.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { TileGrid } from "../../components/tile-grid.tsx";
import { useMyPermissions } from "../auth/permissions.ts";
import { useWebsitePage } from "./api.ts";
import { AddWebsiteCard, WebsiteCard } from "./website-card.tsx";

export function WebsitesPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.storiesEdit);
  const { page, goTo } = useAddressPage();
  const websites = useWebsitePage(page);

  const data = websites.data;
  return (
    <Stack gap={0}>
      <PageHeader title={t("websites.title")} />
      {!data ? (
        <QueryStatus isLoading={websites.isLoading} error={null} />
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={websites.isPlaceholderData} zIndex={10} overlayProps={{ blur: 1 }} />
          <TileGrid>
            {canEdit && data.number === 0 && <AddWebsiteCard />}
            {data.content.map((website) => (
              <WebsiteCard key={website.id} website={website} />
            ))}
          </TileGrid>
          <ListPagination page={data} onChange={goTo} />
        </Box>
      )}
    </Stack>
  );
}
