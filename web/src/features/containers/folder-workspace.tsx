// The body of My Content and of a container: toolbar (search, sort, grid/list, details), the folder's folders and
// files with selection, keyboard moves and the context menu, the details sidebar, and the floating plus button.
import { ActionIcon, Button, EmptyState, Grid, Group, Text, Tooltip } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { type Container, ROOT } from "@repox/contracts";
import { IconFolderOpen, IconFolderPlus, IconLayoutSidebarRight, IconSearch, IconUpload } from "@tabler/icons-react";
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type ListLayout, useLayoutPreference } from "../../components/layout-preference.ts";
import { LayoutToggle } from "../../components/layout-toggle.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { SearchField } from "../../components/search-field.tsx";
import { ActionMenuButton } from "./action-menu.tsx";
import { useContentActions } from "./content-actions.tsx";
import { useOpenContentDialog } from "./content-dialogs.tsx";
import { type ContentItem, containerItem, containerPath, datastreamItem, datastreamPath, itemKey } from "./content-items.ts";
import { ContextMenu, type ContextMenuState } from "./context-menu.tsx";
import { countsText } from "./counts.ts";
import { DetailsSidebar, type DetailsSubject } from "./details-sidebar.tsx";
import { contentExtensions } from "./extensions.ts";
import { FloatingCreateButton } from "./floating-create-button.tsx";
import { FolderGrid } from "./folder-grid.tsx";
import { DEFAULT_FOLDER_SORT, type FolderSort, type FolderSortColumn, nextSort } from "./folder-sort.ts";
import { FolderTable } from "./folder-table.tsx";
import { isContextMenuKey, nextFocusIndex } from "./grid-navigation.ts";
import type { ItemElementProps, ItemInteractions } from "./item-interactions.ts";
import { emptySelection, selectionReducer } from "./selection.ts";
import { SelectionBar } from "./selection-bar.tsx";
import { SortControl } from "./sort-control.tsx";
import { useFolderListing } from "./use-folder-listing.ts";

const WORKSPACE_BREAKPOINTS = { xs: "400px", sm: "600px", md: "860px", lg: "1100px", xl: "1400px" };

/** How many items sit in the row of `element`: siblings on its first row share its top edge. */
function columnsAround(element: HTMLElement): number {
  const siblings = [...(element.parentElement?.children ?? [])] as HTMLElement[];
  const top = siblings[0]?.offsetTop;
  return Math.max(1, siblings.filter((sibling) => sibling.offsetTop === top).length);
}

function toSubject(entry: ContentItem): DetailsSubject {
  return entry.kind === "container" ? { kind: "container", item: entry.item } : { kind: "datastream", item: entry.item };
}

type Props = { folder: Container | null };

export function FolderWorkspace({ folder }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openDialog = useOpenContentDialog();
  const actions = useContentActions();
  const [layout, setLayout] = useLayoutPreference();
  const [sort, setSort] = useState<FolderSort>(DEFAULT_FOLDER_SORT);
  const [q, setQ] = useState("");
  const [selection, dispatch] = useReducer(selectionReducer, emptySelection);
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  const [isDetailsOpen, setDetailsOpen] = useLocalStorage({ key: "content-details-open", defaultValue: true });
  const itemsRef = useRef<HTMLDivElement>(null);
  const folderUuid = folder?.uuid ?? null;
  const from = folderUuid ?? ROOT;
  const { listing, isLoading, error, isEmpty } = useFolderListing(folderUuid, { ...sort, q });

  const entries: ContentItem[] = [...listing.folders.items.map(containerItem), ...(listing.files?.items ?? []).map(datastreamItem)];
  const byKey = new Map(entries.map((entry) => [itemKey(entry), entry]));
  const keys = [...byKey.keys()];
  const keysText = keys.join(",");
  const selected = selection.selected.flatMap((key) => byKey.get(key) ?? []);

  // Items that left the list (removed, moved, filtered out by a search) leave the selection too.
  useEffect(() => dispatch({ type: "retain", keys: keysText ? keysText.split(",") : [] }), [keysText]);

  const canUpload = folder !== null && actions.canEdit && contentExtensions.upload !== undefined;
  const createContainer = () =>
    openDialog({
      kind: "containerForm",
      target: { mode: "create", parent: folder ? { uuid: folder.uuid, typeCode: folder.type.code } : null },
    });
  const upload = () =>
    folder && openDialog({ kind: "upload", container: { uuid: folder.uuid, label: folder.label, typeCode: folder.type.code } });

  const open = (entry: ContentItem) => {
    if (entry.kind === "container") navigate(containerPath(entry.item.uuid));
    else if (folderUuid && contentExtensions.datastreamPreview) navigate(datastreamPath(folderUuid, entry.item.uuid));
  };

  const openMenu = (entry: ContentItem, origin: HTMLElement, x: number, y: number) => {
    const key = itemKey(entry);
    dispatch({ type: "contextMenu", key });
    const menuSelection = selection.selected.includes(key) ? selected : [entry];
    const menuActions = actions.itemActions(entry, from, menuSelection);
    if (menuActions.length > 0) setMenu({ x, y, actions: menuActions, origin });
  };

  const focusItem = (key: string) => itemsRef.current?.querySelector<HTMLElement>(`[data-item-key="${CSS.escape(key)}"]`)?.focus();

  const onKeyDown = (entry: ContentItem, event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    const key = itemKey(entry);
    if (isContextMenuKey(event)) {
      event.preventDefault();
      // The key must not reach the document: the menu opening now would take it for a press outside and close.
      event.stopPropagation();
      const box = event.currentTarget.getBoundingClientRect();
      openMenu(entry, event.currentTarget, box.left + 16, box.bottom);
      return;
    }
    if (event.key === "Enter") {
      event.preventDefault();
      open(entry);
      return;
    }
    if (event.key === "Escape") {
      dispatch({ type: "clear" });
      return;
    }
    if (event.key.toLowerCase() === "a" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      dispatch({ type: "selectAll", keys });
      return;
    }
    if (event.key === " ") {
      event.preventDefault();
      dispatch({ type: "toggle", key });
      return;
    }
    const columns = layout === "grid" ? columnsAround(event.currentTarget) : 1;
    const next = nextFocusIndex(event.key, keys.indexOf(key), keys.length, columns);
    const nextKey = next === null ? undefined : keys[next];
    if (nextKey === undefined) return;
    event.preventDefault();
    focusItem(nextKey);
  };

  const tabStop = selection.focused !== null && byKey.has(selection.focused) ? selection.focused : keys[0];
  const interactions: ItemInteractions = {
    isSelected: (entry) => selection.selected.includes(itemKey(entry)),
    propsFor: (entry): ItemElementProps => {
      const key = itemKey(entry);
      return {
        tabIndex: key === tabStop ? 0 : -1,
        "data-item-key": key,
        "aria-selected": selection.selected.includes(key),
        onClick: (event: MouseEvent<HTMLElement>) => dispatch({ type: "click", key, additive: event.ctrlKey || event.metaKey }),
        onDoubleClick: () => open(entry),
        onContextMenu: (event: MouseEvent<HTMLElement>) => {
          event.preventDefault();
          openMenu(entry, event.currentTarget, event.clientX, event.clientY);
        },
        onKeyDown: (event) => onKeyDown(entry, event),
        onFocus: () => dispatch({ type: "focus", key }),
      };
    },
  };

  const detailsSubject: DetailsSubject | null =
    selected.length === 1 && selected[0] ? toSubject(selected[0]) : folder ? { kind: "container", item: folder } : null;
  const single = selected.length === 1 ? selected[0] : undefined;
  const selectionActions = single ? actions.itemActions(single, from, selected) : actions.selectionActions(selected, from);

  const viewProps = {
    listing,
    interactions,
    actionsFor: (entry: ContentItem) => actions.itemActions(entry, from, [entry]),
    sort,
    onSort: (column: FolderSortColumn) => setSort(nextSort(sort, column)),
  };

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="sm">
          <SearchField label={t("containers.search")} onSearch={setQ} />
          {layout === "grid" && <SortControl sort={sort} onChange={setSort} />}
          <LayoutToggle value={layout} onChange={(value: ListLayout) => setLayout(value)} />
          <Tooltip label={isDetailsOpen ? t("containers.details.hide") : t("containers.details.show")}>
            <ActionIcon
              variant={isDetailsOpen ? "filled" : "default"}
              size="lg"
              aria-label={isDetailsOpen ? t("containers.details.hide") : t("containers.details.show")}
              aria-pressed={isDetailsOpen}
              onClick={() => setDetailsOpen(!isDetailsOpen)}
            >
              <IconLayoutSidebarRight size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="sm">
          {canUpload && (
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={upload}>
              {t("containers.actions.uploadDatastream")}
            </Button>
          )}
          {actions.canEdit && (
            <Button leftSection={<IconFolderPlus size={16} />} onClick={createContainer}>
              {t("containers.actions.createContainer")}
            </Button>
          )}
        </Group>
      </Group>
      {/* A row of its own, so selecting never shifts the items under the pointer. */}
      <Group justify="space-between" mih={36} mb="xs" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          {isLoading ? "" : countsText(t, listing.folders.total, listing.files?.total ?? 0)}
        </Text>
        {selected.length > 1 ? (
          <SelectionBar count={selected.length} actions={selectionActions} onClear={() => dispatch({ type: "clear" })} />
        ) : (
          <Group gap="xs">
            {selected.length === 1 && (
              <>
                <Text size="sm" role="status">
                  {t("containers.selected", { count: selected.length })}
                </Text>
                <ActionMenuButton actions={selectionActions} label={t("containers.selectionActions")} variant="default" />
                <Button variant="subtle" size="xs" onClick={() => dispatch({ type: "clear" })}>
                  {t("containers.clearSelection")}
                </Button>
              </>
            )}
            {keys.length > 1 && (
              <Button variant="subtle" size="xs" onClick={() => dispatch({ type: "selectAll", keys })}>
                {t("containers.bulk.selectAll")}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {/* Breakpoints by the width the workspace has: the record layout gives it only part of the page. */}
      <Grid gap="md" type="container" breakpoints={WORKSPACE_BREAKPOINTS}>
        <Grid.Col span={{ base: 12, md: isDetailsOpen ? 8 : 12, xl: isDetailsOpen ? 9 : 12 }}>
          <div ref={itemsRef} style={{ minHeight: 240 }}>
            <FolderBody state={{ isLoading, error, isEmpty, isSearch: q !== "" }}>
              {layout === "grid" ? <FolderGrid {...viewProps} /> : <FolderTable {...viewProps} />}
            </FolderBody>
          </div>
        </Grid.Col>
        {isDetailsOpen && (
          <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
            <DetailsSidebar subject={detailsSubject} onClose={() => setDetailsOpen(false)} />
          </Grid.Col>
        )}
      </Grid>
      {menu && <ContextMenu menu={menu} onClose={() => setMenu(null)} />}
      {actions.canEdit && <FloatingCreateButton onCreate={createContainer} onUpload={canUpload ? upload : null} />}
    </>
  );
}

type BodyState = { isLoading: boolean; error: unknown; isEmpty: boolean; isSearch: boolean };

/** Loading, failure, the empty states 'No data found' (a search) and 'No Content added', or the items. */
function FolderBody({ state, children }: { state: BodyState; children: ReactNode }) {
  const { t } = useTranslation();
  if (state.isLoading || state.error) return <QueryStatus isLoading={state.isLoading} error={state.error} />;
  if (!state.isEmpty) return children;
  return state.isSearch ? (
    <EmptyState mt="xl" icon={<IconSearch size={32} />} withIndicatorBackground title={t("containers.noResults")} />
  ) : (
    <EmptyState
      mt="xl"
      icon={<IconFolderOpen size={32} />}
      withIndicatorBackground
      title={t("containers.empty")}
      description={t("containers.emptyHint")}
    />
  );
}
