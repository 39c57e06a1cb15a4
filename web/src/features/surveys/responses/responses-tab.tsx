// The survey editor's Responses tab (spec 3 §2 Responses area): views Summary, Individual and List under
// /surveys/edit/{uuid}/responses/{summary|individual|list}[/{responseUuid}], summary by default; the Excel export and
// 'Delete all responses' (confirmed, then back to the survey edit page) above them.
import { Button, Group, Stack, Tabs } from "@mantine/core";
import type { Survey } from "@repox/contracts";
import { IconChartPie, IconList, IconTrash, IconUser } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { showError, showSuccess } from "../../../components/toast.ts";
import { useDeleteAllResponses } from "./api.ts";
import { confirmDeleteAll } from "./confirm-response-delete.ts";
import { ExportButton } from "./export-button.tsx";
import { IndividualView } from "./individual-view.tsx";
import { ListView } from "./list-view.tsx";
import { type ResponseViewName, responsesPath, responseViewOf, surveyEditPath } from "./paths.ts";
import { SingleResponseView } from "./single-response-view.tsx";
import { SummaryView } from "./summary-view.tsx";

export function ResponsesTab({ survey }: { survey: Survey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subpage, responseUuid } = useParams();
  const view = responseViewOf(subpage);
  const deleteAll = useDeleteAllResponses(survey.uuid);

  const removeAll = () =>
    confirmDeleteAll(() =>
      deleteAll.mutate(undefined, {
        onSuccess: () => {
          showSuccess(t("surveyResponses.deletedAll"));
          navigate(surveyEditPath(survey.uuid));
        },
        onError: () => showError(t("surveyResponses.deleteAllFailed")),
      }),
    );

  return (
    <Stack gap="md">
      <Tabs value={view} onChange={(next) => next && navigate(responsesPath(survey.uuid, next as ResponseViewName))} keepMounted={false}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Tabs.List aria-label={t("surveyResponses.views")}>
            <Tabs.Tab value="summary" leftSection={<IconChartPie size={16} />}>
              {t("surveyResponses.tabs.summary")}
            </Tabs.Tab>
            <Tabs.Tab value="individual" leftSection={<IconUser size={16} />}>
              {t("surveyResponses.tabs.individual")}
            </Tabs.Tab>
            <Tabs.Tab value="list" leftSection={<IconList size={16} />}>
              {t("surveyResponses.tabs.list")}
            </Tabs.Tab>
          </Tabs.List>
          <Group gap="sm">
            <ExportButton surveyUuid={survey.uuid} label={survey.label} />
            <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={removeAll} loading={deleteAll.isPending}>
              {t("surveyResponses.deleteAll")}
            </Button>
          </Group>
        </Group>
        <Tabs.Panel value="summary" pt="md">
          <SummaryView surveyUuid={survey.uuid} />
        </Tabs.Panel>
        <Tabs.Panel value="individual" pt="md">
          <IndividualView surveyUuid={survey.uuid} responseUuid={responseUuid} />
        </Tabs.Panel>
        <Tabs.Panel value="list" pt="md">
          {responseUuid ? (
            <SingleResponseView key={responseUuid} surveyUuid={survey.uuid} responseUuid={responseUuid} />
          ) : (
            <ListView surveyUuid={survey.uuid} />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
