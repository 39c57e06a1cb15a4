// /surveys (spec 3 §2 Survey list, §4): the surveys as cards with their OPEN/CLOSED state, an 'Add new survey' card for
// editors, and pages when there are many.
import { Card, Center, EmptyState, Stack, Text } from "@mantine/core";
import { PERMISSIONS } from "@repox/contracts";
import { IconClipboardList, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LIST_PAGE_SIZE } from "../../api/list-params.ts";
import { ListPagination } from "../../components/list-pagination.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { TileGrid } from "../../components/tile-grid.tsx";
import { useMyPermissions } from "../auth/permissions.ts";
import { useSurveyPage } from "./api.ts";
import { SurveyCard } from "./survey-card.tsx";

export function SurveyListPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const [page, setPage] = useState(0);
  const surveys = useSurveyPage({ page, size: LIST_PAGE_SIZE });
  const canEdit = can(PERMISSIONS.surveysEdit);
  const data = surveys.data;

  return (
    <>
      <PageHeader title={t("surveys.title")} />
      {!data ? (
        <QueryStatus isLoading={surveys.isLoading} error={surveys.error} />
      ) : (
        <>
          <TileGrid>
            {canEdit && page === 0 && (
              <Card withBorder component={Link} to="/surveys/new" padding="md" mih={150} style={{ borderStyle: "dashed" }}>
                <Center h="100%">
                  <Stack align="center" gap="xs">
                    <IconPlus size={32} stroke={1.5} />
                    <Text fw={600}>{t("surveys.addNew")}</Text>
                  </Stack>
                </Center>
              </Card>
            )}
            {data.content.map((survey) => (
              <SurveyCard key={survey.uuid} survey={survey} />
            ))}
          </TileGrid>
          {data.empty && data.number === 0 ? (
            <EmptyState mt="xl" icon={<IconClipboardList size={32} />} withIndicatorBackground title={t("surveys.empty")} />
          ) : (
            <ListPagination page={data} onChange={setPage} />
          )}
        </>
      )}
    </>
  );
}
