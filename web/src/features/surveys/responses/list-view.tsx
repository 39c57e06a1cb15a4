// The List view (spec 3 §2): the responses in a table (submitted at, e-mail, names, organization), paged by the
// one-based `page` query parameter, searched by contact after more than 3 characters and 800 ms; it reloads when the
// browser tab becomes visible again. A row opens the single response view; a respondent with an e-mail can be added
// to the contacts through the contacts feature's own dialog.
import { ActionIcon, Center, Loader, Stack, Table, Text, Tooltip } from "@mantine/core";
import { type ResponseListItem, SURVEY_LIMITS } from "@repox/contracts";
import { IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ListPagination } from "../../../components/list-pagination.tsx";
import { SearchField } from "../../../components/search-field.tsx";
import { ContactModal } from "../../contacts/contact-modal.tsx";
import { formatSurveyDateTime } from "../survey-dates.ts";
import { useResponsePage } from "./api.ts";
import { responsesPath } from "./paths.ts";
import { apiPageOf, appliedSearch } from "./response-search.ts";
import { useRefetchOnVisible } from "./use-refetch-on-visible.ts";

function respondentName(item: ResponseListItem): string {
  return `${item.firstName} ${item.lastName}`.trim() || item.email || item.uuid;
}

export function ListView({ surveyUuid }: { surveyUuid: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [q, setQ] = useState("");
  const [addingContact, setAddingContact] = useState<ResponseListItem | null>(null);
  const page = apiPageOf(searchParams.get("page"));
  const responses = useResponsePage(surveyUuid, page, q);
  useRefetchOnVisible(responses.refetch);

  const goToPage = (zeroBased: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (zeroBased > 0) next.set("page", String(zeroBased + 1));
      else next.delete("page");
      return next;
    });
  const search = (text: string) => {
    const applied = appliedSearch(text);
    if (applied === q) return;
    setQ(applied);
    goToPage(0);
  };
  const open = (item: ResponseListItem) => navigate(responsesPath(surveyUuid, "list", item.uuid));

  const items = responses.data?.content ?? [];
  return (
    <Stack gap="md">
      <SearchField label={t("surveyResponses.list.search")} onSearch={search} delay={SURVEY_LIMITS.searchDebounceMs} />
      {responses.isLoading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {responses.data && items.length === 0 && (
        <Text c="dimmed">{q ? t("surveyResponses.list.noMatch") : t("surveyResponses.noResponses")}</Text>
      )}
      {responses.data && items.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover data-testid="response-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("surveyResponses.list.submittedAt")}</Table.Th>
                  <Table.Th>{t("surveyResponses.list.email")}</Table.Th>
                  <Table.Th>{t("surveyResponses.list.firstName")}</Table.Th>
                  <Table.Th>{t("surveyResponses.list.lastName")}</Table.Th>
                  <Table.Th>{t("surveyResponses.list.organization")}</Table.Th>
                  <Table.Th w={60}>{t("surveyResponses.list.actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr
                    key={item.uuid}
                    tabIndex={0}
                    style={{ cursor: "pointer" }}
                    aria-label={t("surveyResponses.list.open", { name: respondentName(item) })}
                    onClick={() => open(item)}
                    onKeyDown={(event) => {
                      if (event.key === "Enter" && event.target === event.currentTarget) open(item);
                    }}
                  >
                    <Table.Td>{formatSurveyDateTime(item.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>{item.email}</Table.Td>
                    <Table.Td>{item.firstName}</Table.Td>
                    <Table.Td>{item.lastName}</Table.Td>
                    <Table.Td>{item.organization}</Table.Td>
                    <Table.Td>
                      {item.email && (
                        <Tooltip label={t("surveyResponses.list.addContact", { email: item.email })}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t("surveyResponses.list.addContact", { email: item.email })}
                            onClick={(event) => {
                              event.stopPropagation();
                              setAddingContact(item);
                            }}
                            onKeyDown={(event) => event.stopPropagation()}
                          >
                            <IconUserPlus size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination page={responses.data} onChange={goToPage} />
        </>
      )}
      {addingContact && (
        <ContactModal
          contact={null}
          initialValues={{
            firstName: addingContact.firstName,
            lastName: addingContact.lastName,
            email: addingContact.email,
            organization: addingContact.organization,
          }}
          onClose={() => setAddingContact(null)}
        />
      )}
    </Stack>
  );
}
