// /stories (spec 3 §2 Stories list): search (more than 3 characters, 800 ms after the last key), sort by Name or Date
// with ASC/DESC (title DESC by default), grid or list, pages in the one-based `page` query parameter, and for those
// who may create the 'Add new Story' card (a button in the list layout). A failed load toasts the server's message.
import { Box, Button, EmptyState, LoadingOverlay, Stack } from "@mantine/core";
import { PERMISSIONS, STORY_DEFAULT_SORT, STORY_LIMITS, type StorySort } from "@repox/contracts";
import { IconLayoutCards, IconPlus, IconSearchOff } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../api/errors.ts";
import { useLayoutPreference } from "../../components/layout-preference.ts";
import { LayoutToggle } from "../../components/layout-toggle.tsx";
import { ListPagination } from "../../components/list-pagination.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { SearchField } from "../../components/search-field.tsx";
import { showError } from "../../components/toast.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { useStoryPage } from "./api.ts";
import { StoryCards } from "./story-cards.tsx";
import { apiPageOf, appliedStorySearch, pageParamOf, storySortOf } from "./story-list-query.ts";
import { StorySortControl } from "./story-sort-control.tsx";
import { StoryTable } from "./story-table.tsx";

/** The address's query with this page and sort; the first page and the default sort are left out. */
function listParams(current: URLSearchParams, page: number, sort: StorySort): URLSearchParams {
  const params = new URLSearchParams(current);
  const pageParam = pageParamOf(page);
  if (pageParam) params.set("page", pageParam);
  else params.delete("page");
  if (sort === STORY_DEFAULT_SORT) params.delete("sort");
  else params.set("sort", sort);
  return params;
}

export function StoriesPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.storiesEdit);
  const [layout, setLayout] = useLayoutPreference();
  const [searchParams, setSearchParams] = useSearchParams();
  const [q, setQ] = useState("");
  const page = apiPageOf(searchParams.get("page"));
  const sort = storySortOf(searchParams.get("sort"));
  const stories = useStoryPage({ page, q, sort });

  const navigateList = (next: { page: number; sort?: StorySort }) =>
    setSearchParams((current) => listParams(current, next.page, next.sort ?? sort));
  const search = (typed: string) => {
    const applied = appliedStorySearch(typed);
    if (applied === q) return;
    setQ(applied);
    navigateList({ page: 0 });
  };

  useEffect(() => {
    if (stories.error) showError(errorText(stories.error));
  }, [stories.error]);
  // A page past the last one (an old link, or stories deleted meanwhile) shows the last page instead.
  const lastPage = stories.data?.empty && stories.data.number > 0 ? Math.max(0, stories.data.totalPages - 1) : null;
  useEffect(() => {
    if (lastPage !== null) setSearchParams((current) => listParams(current, lastPage, storySortOf(current.get("sort"))), { replace: true });
  }, [lastPage, setSearchParams]);

  const data = stories.data;
  const isEmpty = data?.empty && data.number === 0;
  return (
    <Stack gap={0}>
      <PageHeader title={t("stories.title")}>
        <SearchField label={t("stories.search")} onSearch={search} delay={STORY_LIMITS.searchDebounceMs} />
        <StorySortControl value={sort} onChange={(next) => navigateList({ page: 0, sort: next })} />
        <LayoutToggle value={layout} onChange={setLayout} />
        {canEdit && layout === "list" && (
          <Button component={Link} to="/stories/new" leftSection={<IconPlus size={16} />}>
            {t("stories.addNew")}
          </Button>
        )}
      </PageHeader>
      {!data ? (
        <QueryStatus isLoading={stories.isLoading} error={stories.error} />
      ) : (
        <Box pos="relative">
          {/* The page shown stays while the next page, sort or search loads. */}
          <LoadingOverlay visible={stories.isPlaceholderData} zIndex={10} overlayProps={{ blur: 1 }} />
          {isEmpty ? (
            <>
              {q === "" && canEdit && layout === "grid" && <StoryCards stories={[]} withAddCard />}
              <EmptyState
                mt="xl"
                icon={q === "" ? <IconLayoutCards size={32} /> : <IconSearchOff size={32} />}
                withIndicatorBackground
                title={q === "" ? t("stories.empty") : t("stories.noMatches")}
              />
            </>
          ) : layout === "grid" ? (
            <StoryCards stories={data.content} withAddCard={canEdit && data.number === 0 && q === ""} />
          ) : (
            <StoryTable stories={data.content} />
          )}
          {!isEmpty && <ListPagination page={data} onChange={(next) => navigateList({ page: next })} />}
        </Box>
      )}
    </Stack>
  );
}
