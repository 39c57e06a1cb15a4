// The top bar's search box (spec 3 "Global search results"): from 3 typed characters, 500 ms after the last key, a
// dropdown lists the matching containers, files, users and groups; arrows move through them, Enter or a click opens
// one, Escape closes the list. Narrower than the top bar's box allows, it lives in a dialog the search icon opens
// (search-overlay.tsx).
import { Combobox, Group, Loader, ScrollArea, Text, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { SEARCH_LIMITS } from "@repox/contracts";
import { IconFiles, IconFolder, IconSearch, IconUsers, IconUsersGroup } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useGlobalSearch } from "./api.ts";
import classes from "./global-search.module.css";
import { SearchOption } from "./search-option.tsx";
import { entryPath, findEntry, type SearchGroupKind, searchSections, searchTextOf } from "./search-results.ts";

const GROUP_ICONS: Record<SearchGroupKind, typeof IconFolder> = {
  containers: IconFolder,
  datastreams: IconFiles,
  users: IconUsers,
  groups: IconUsersGroup,
};

type Props = {
  /** In the search dialog of narrow screens: the box fills the dialog, and opening a hit closes the dialog. */
  inDialog?: { onOpened: () => void };
};

export function GlobalSearch({ inDialog }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [typed, setTyped] = useState("");
  const text = searchTextOf(typed);
  const [searched] = useDebouncedValue(text, SEARCH_LIMITS.globalDebounceMs);
  const search = useGlobalSearch(searched);
  const isSearching = text !== "" && (text !== searched || search.isFetching);
  const sections = text !== "" && search.data ? searchSections(search.data) : [];
  const hasAnswer = search.data !== undefined && !search.isPlaceholderData;

  // The best hit is picked when an answer arrives, so Enter opens it straight away.
  useEffect(() => {
    if (search.data && !search.isPlaceholderData) combobox.selectFirstOption();
  }, [search.data, search.isPlaceholderData, combobox.selectFirstOption]);

  const open = (value: string) => {
    const entry = findEntry(sections, value);
    if (!entry) return;
    combobox.closeDropdown();
    setTyped("");
    navigate(entryPath(entry));
    inDialog?.onOpened();
  };

  const change = (value: string) => {
    setTyped(value);
    if (searchTextOf(value) === "") combobox.closeDropdown();
    else combobox.openDropdown();
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={open}
      width={inDialog ? "target" : 440}
      position="bottom-start"
      offset={4}
      classNames={{ option: classes.option }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          visibleFrom={inDialog ? undefined : "md"}
          ml={inDialog ? 0 : "lg"}
          w={inDialog ? "100%" : 320}
          data-autofocus={inDialog ? true : undefined}
          type="search"
          placeholder={t("topBar.search")}
          aria-label={t("topBar.search")}
          leftSection={<IconSearch size={16} />}
          rightSection={isSearching ? <Loader size="xs" aria-label={t("globalSearch.searching")} /> : undefined}
          value={typed}
          onChange={(event) => change(event.currentTarget.value)}
          onFocus={() => text !== "" && combobox.openDropdown()}
          onClick={() => text !== "" && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          // Escape closes the list first; the browser's own Escape (emptying a search box) waits for the next one.
          onKeyDown={(event) => event.key === "Escape" && combobox.dropdownOpened && event.preventDefault()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label={t("globalSearch.results")}>
          <ScrollArea.Autosize mah="min(70vh, 560px)" type="scroll">
            {sections.map((section) => {
              const Icon = GROUP_ICONS[section.kind];
              return (
                <Combobox.Group
                  key={section.kind}
                  label={
                    <span className={classes.groupLabel}>
                      <Icon size={14} aria-hidden />
                      {t(`globalSearch.groups.${section.kind}`)}
                    </span>
                  }
                >
                  {section.entries.map((entry) => (
                    <Combobox.Option key={entry.value} value={entry.value}>
                      <SearchOption entry={entry} query={searched} />
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              );
            })}
          </ScrollArea.Autosize>
          {sections.length === 0 && <SearchStatus isSearching={isSearching} hasAnswer={hasAnswer} error={search.error} />}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

function SearchStatus({ isSearching, hasAnswer, error }: { isSearching: boolean; hasAnswer: boolean; error: Error | null }) {
  const { t } = useTranslation();
  if (error && !isSearching) return <Combobox.Empty>{error.message}</Combobox.Empty>;
  if (isSearching || !hasAnswer) {
    return (
      <Combobox.Empty>
        <Group gap="xs" justify="center">
          <Loader size="xs" />
          <Text size="sm">{t("globalSearch.searching")}</Text>
        </Group>
      </Combobox.Empty>
    );
  }
  return <Combobox.Empty>{t("globalSearch.noResults")}</Combobox.Empty>;
}
