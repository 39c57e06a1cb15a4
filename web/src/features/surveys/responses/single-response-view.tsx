// /surveys/edit/{uuid}/responses/list/{responseUuid} (spec 3 §2): one response under the breadcrumb 'Responses' ›
// 'View response' (with the respondent's e-mail when given); after a delete the user is back on the list.
import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { responsesPath } from "./paths.ts";
import { ResponseDetail } from "./response-detail.tsx";

export function SingleResponseView({ surveyUuid, responseUuid }: { surveyUuid: string; responseUuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listPath = responsesPath(surveyUuid, "list");
  return (
    <ResponseDetail
      surveyUuid={surveyUuid}
      responseUuid={responseUuid}
      onDeleted={() => navigate(listPath)}
      navigation={(response) => (
        <Breadcrumbs aria-label={t("surveyResponses.breadcrumb")} data-testid="response-breadcrumb">
          <Anchor component={Link} to={listPath}>
            {t("surveyResponses.breadcrumb")}
          </Anchor>
          <Text>
            {response?.email ? t("surveyResponses.viewResponseOf", { email: response.email }) : t("surveyResponses.viewResponse")}
          </Text>
        </Breadcrumbs>
      )}
    />
  );
}
