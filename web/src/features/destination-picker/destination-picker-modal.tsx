// The move/link destination picker (spec 1 §2 "Modals", §5): browse containers from ROOT down, or search them by
// label; labels cut to 50 characters. Confirming checks the destination first ('Please select a destination',
// 'Select a different destination'). Trash restore and bulk moves and links use it too, for several subjects.
import { ActionIcon, Anchor, Breadcrumbs, Button, Group, Modal, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { ROOT } from "@repox/contracts";
import { IconChevronRight, IconFolder, IconHome } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFirstFieldFocus } from "../../components/first-field-focus.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { SearchField } from "../../components/search-field.tsx";
import { pickerLabel } from "../containers/label-display.ts";
import { usePickerLevel, usePickerSearch } from "./api.ts";
import { type Destination, destinationProblem, type PickerSubject } from "./destination-rules.ts";

type Props = {
  title: string;
  confirmLabel: string;
  /** What moves, links or is restored. */
  subjects: readonly PickerSubject[];
  /** The change is applied item by item (see destinationProblem). */
  perItem?: boolean;
  isPending: boolean;
  onConfirm: (destination: Destination) => void;
  onClose: () => void;
};

type RowsProps = { selected: Destination | null; onSelect: (node: Destination) => void; onOpen: (node: Destination) => void };

function DestinationRow({ node, selected, onSelect, onOpen }: RowsProps & { node: Destination }) {
  const { t } = useTranslation();
  const isRoot = node.uuid === ROOT;
  return (
    <Group gap={4} wrap="nowrap">
      <NavLink
        component="button"
        type="button"
        label={pickerLabel(node.label)}
        title={node.label}
        leftSection={isRoot ? <IconHome size={16} /> : <IconFolder size={16} />}
        active={selected?.uuid === node.uuid}
        aria-pressed={selected?.uuid === node.uuid}
        onClick={() => onSelect(node)}
        onDoubleClick={() => !isRoot && onOpen(node)}
        style={{ flex: 1 }}
      />
      {!isRoot && (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t("containers.picker.openFolder", { label: node.label })}
          onClick={() => onOpen(node)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

function LevelRows({ parent, ...rows }: RowsProps & { parent: string }) {
  const { t } = useTranslation();
  const level = usePickerLevel(parent);
  const nodes = level.data?.pages.flatMap((page) => page.content) ?? [];
  if (!level.data) return <QueryStatus isLoading={level.isLoading} error={level.error} />;
  return (
    <>
      {parent === ROOT && <DestinationRow node={{ uuid: ROOT, label: t("containers.picker.root") }} {...rows} />}
      {nodes.map((node) => (
        <DestinationRow key={node.uuid} node={{ uuid: node.uuid, label: node.label }} {...rows} />
      ))}
      {nodes.length === 0 && parent !== ROOT && (
        <Text size="sm" c="dimmed" p="sm">
          {t("containers.picker.empty")}
        </Text>
      )}
      {level.hasNextPage && (
        <Button variant="subtle" onClick={() => level.fetchNextPage()} loading={level.isFetchingNextPage}>
          {t("containers.loadMore")}
        </Button>
      )}
    </>
  );
}

function SearchRows({ q, ...rows }: RowsProps & { q: string }) {
  const { t } = useTranslation();
  const search = usePickerSearch(q);
  if (!search.data) return <QueryStatus isLoading={search.isLoading} error={search.error} />;
  if (search.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t("containers.picker.noResults")}
      </Text>
    );
  }
  return search.data.map((node) => <DestinationRow key={node.uuid} node={{ uuid: node.uuid, label: node.label }} {...rows} />);
}

export function DestinationPickerModal({ title, confirmLabel, subjects, perItem, isPending, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const root: Destination = { uuid: ROOT, label: t("containers.picker.root") };
  const [trail, setTrail] = useState<Destination[]>([root]);
  const [q, setQ] = useState("");
  const [selected, setSelected] = useState<Destination | null>(null);
  const [hasTried, setTried] = useState(false);
  const current = trail[trail.length - 1] ?? root;
  const problem = destinationProblem(subjects, selected, perItem);
  const shownProblem = problem === "same" || (hasTried && problem) ? problem : null;

  const select = (node: Destination) => {
    setSelected(node);
    setTried(false);
  };
  const open = (node: Destination) => {
    setTrail(q ? [root, node] : [...trail, node]);
    setQ("");
    setSelected(node);
  };
  const confirm = () => {
    setTried(true);
    if (problem || !selected) return;
    onConfirm(selected);
  };
  const rows = { selected, onSelect: select, onOpen: open };

  const focusRef = useFirstFieldFocus();
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm" ref={focusRef}>
        <SearchField key={current.uuid} label={t("containers.picker.search")} onSearch={setQ} />
        {!q && (
          <Breadcrumbs component="nav" aria-label={t("containers.picker.path")} separatorMargin={4}>
            {trail.map((node, index) =>
              index === trail.length - 1 ? (
                <Text key={node.uuid} size="sm" fw={600} title={node.label}>
                  {pickerLabel(node.label)}
                </Text>
              ) : (
                <Anchor key={node.uuid} size="sm" component="button" type="button" onClick={() => setTrail(trail.slice(0, index + 1))}>
                  {pickerLabel(node.label)}
                </Anchor>
              ),
            )}
          </Breadcrumbs>
        )}
        <ScrollArea.Autosize mah="50dvh" type="auto">
          <Stack gap={2} role="group" aria-label={title}>
            {q ? <SearchRows q={q} {...rows} /> : <LevelRows key={current.uuid} parent={current.uuid} {...rows} />}
          </Stack>
        </ScrollArea.Autosize>
        {selected && (
          <Text size="sm" title={selected.label}>
            {t("containers.picker.destination", { label: pickerLabel(selected.label) })}
          </Text>
        )}
        {shownProblem && (
          <Text size="sm" c="red" role="alert">
            {shownProblem === "missing" ? t("containers.picker.missing") : t("containers.picker.different")}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button onClick={confirm} loading={isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
