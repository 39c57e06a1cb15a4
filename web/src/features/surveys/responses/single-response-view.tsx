// /surveys/edit/{uuid}/responses/list/{responseUuid} (spec 3 §2): one response under the breadcrumb 'Responses' ›
// 'View response' (with the respondent's e-mail when given); after a delete the user is back on the list.
import { Anchor, Breadcrumbs, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorText } from "../../../api/errors.ts";
import { showError, showSuccess } from "../../../components/toast.ts";
import { useDeleteResponse, useResponse } from "./api.ts";
import { confirmResponseDelete } from "./confirm-response-delete.ts";
import { responsesPath } from "./paths.ts";
import { ResponseAnswers } from "./response-answers.tsx";

export function SingleResponseView({ surveyUuid, responseUuid }: { surveyUuid: string; responseUuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const response = useResponse(surveyUuid, responseUuid);
  const remove = useDeleteResponse(surveyUuid);
  const listPath = responsesPath(surveyUuid, "list");
  const email = response.data?.email;

  const deleteResponse = () =>
    confirmResponseDelete(() =>
      remove.mutate(responseUuid, {
        onSuccess: () => {
          showSuccess(t("toast.deleted"));
          navigate(listPath);
        },
        onError: (error) => showError(errorText(error)),
      }),
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Breadcrumbs aria-label={t("surveyResponses.breadcrumb")} data-testid="response-breadcrumb">
          <Anchor component={Link} to={listPath}>
            {t("surveyResponses.breadcrumb")}
          </Anchor>
          <Text>{email ? t("surveyResponses.viewResponseOf", { email }) : t("surveyResponses.viewResponse")}</Text>
        </Breadcrumbs>
        {response.data && (
          <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={deleteResponse} loading={remove.isPending}>
            {t("surveyResponses.response.delete")}
          </Button>
        )}
      </Group>
      {response.isLoading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {response.data && <ResponseAnswers response={response.data} />}
    </Stack>
  );
}
