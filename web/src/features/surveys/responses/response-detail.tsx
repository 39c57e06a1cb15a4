// One response with its Delete action, under what leads to it: the Individual view's pager or the single response
// view's breadcrumb. Deleting asks first; `onDeleted` then says where to go (one back, or the list).
import { Button, Center, Group, Loader, Stack } from "@mantine/core";
import type { SurveyResponse } from "@repox/contracts";
import { IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../api/errors.ts";
import { showError, showSuccess } from "../../../components/toast.ts";
import { useDeleteResponse, useResponse } from "./api.ts";
import { confirmResponseDelete } from "./confirm-response-delete.ts";
import { ResponseAnswers } from "./response-answers.tsx";

type Props = {
  surveyUuid: string;
  responseUuid: string | undefined;
  /** The pager or breadcrumb above the response, given the response once it is loaded. */
  navigation: (response: SurveyResponse | undefined) => ReactNode;
  onDeleted: (responseUuid: string) => void;
};

export function ResponseDetail({ surveyUuid, responseUuid, navigation, onDeleted }: Props) {
  const { t } = useTranslation();
  const response = useResponse(surveyUuid, responseUuid);
  const remove = useDeleteResponse(surveyUuid);

  const deleteResponse = (uuid: string) =>
    confirmResponseDelete(() =>
      remove.mutate(uuid, {
        onSuccess: () => {
          showSuccess(t("toast.deleted"));
          onDeleted(uuid);
        },
        onError: (error) => showError(errorText(error)),
      }),
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        {navigation(response.data)}
        {response.data && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => response.data && deleteResponse(response.data.uuid)}
            loading={remove.isPending}
          >
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
