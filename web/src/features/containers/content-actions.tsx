// The action registry of the content area (spec 1 §2 "Container actions", "Datastream (file) actions"): one list per
// subject, shared by the toolbar, the context menu, the item menus and the details sidebar. Write actions need
// repox.store.content.edit, removal repox.store.content.delete; seam actions appear once their dialog is registered
// in extensions.ts.
import { modals } from "@mantine/modals";
import { type ContainerSummary, type DatastreamSummary, PERMISSIONS, ROOT } from "@repox/contracts";
import {
  IconArrowsMove,
  IconChartPie,
  IconDownload,
  IconEdit,
  IconEye,
  IconFileExport,
  IconFileImport,
  IconFolderPlus,
  IconLink,
  IconPalette,
  IconPencil,
  IconPrinter,
  IconStar,
  IconStarOff,
  IconTag,
  IconTrash,
  IconUpload,
  IconWorld,
  IconWorldOff,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorText } from "../../api/errors.ts";
import { showError, showSuccess, toastOutcome } from "../../components/toast.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { useBulkAction, useDownloadDatastream, useRemove, useRemoveMany, useStar } from "./api.ts";
import type { BulkSubjects } from "./bulk-dialogs.tsx";
import { showBulkOutcome } from "./bulk-outcome.tsx";
import { useOpenContentDialog } from "./content-dialogs.tsx";
import { type ContentItem, containerPath, datastreamPath } from "./content-items.ts";
import { contentExtensions } from "./extensions.ts";

export type ContentAction = { id: string; label: string; icon: ReactNode; run: () => void; color?: "red" };

/** A container as an action sees it: where it is listed (`from`: a folder uuid or ROOT) and whether it is the page's own. */
export type ContainerSubject = { container: ContainerSummary; from: string; isCurrent: boolean };
export type DatastreamSubject = { datastream: DatastreamSummary; containerUuid: string };

const ICON = 16;

function confirmTrash(title: string, text: string, confirm: string, cancel: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title,
    children: text,
    labels: { confirm, cancel },
    confirmProps: { color: "red" },
    onConfirm,
  });
}

export function useContentActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useMyPermissions();
  const openDialog = useOpenContentDialog();
  const star = useStar();
  const remove = useRemove();
  const removeMany = useRemoveMany();
  const bulkStar = useBulkAction("star");
  const bulkPublish = useBulkAction("publish");
  const download = useDownloadDatastream();
  const canEdit = can(PERMISSIONS.contentEdit);
  const canDelete = can(PERMISSIONS.contentDelete);
  const canPublish = can(PERMISSIONS.containerPublish);
  const ext = contentExtensions;

  const toggleStar = (kind: ContentItem["kind"], item: { uuid: string; label: string; starred: boolean }) => {
    const starred = !item.starred;
    const text = t(starred ? "containers.toasts.starred" : "containers.toasts.unstarred", { label: item.label });
    star.mutate({ item: { kind, uuid: item.uuid }, starred }, toastOutcome(text));
  };

  const askRemoval = (text: string, run: () => Promise<unknown>, onRemoved?: () => void) =>
    confirmTrash(t("containers.remove.title"), text, t("containers.remove.confirm"), t("common.cancel"), () => {
      run().then(
        () => {
          showSuccess(t("containers.toasts.removed"));
          onRemoved?.();
        },
        (error: unknown) => showError(errorText(error)),
      );
    });

  const starAction = (kind: ContentItem["kind"], item: { uuid: string; label: string; starred: boolean }): ContentAction => ({
    id: "star",
    label: t(item.starred ? "containers.actions.removeStar" : "containers.actions.addStar"),
    icon: item.starred ? <IconStarOff size={ICON} /> : <IconStar size={ICON} />,
    run: () => toggleStar(kind, item),
  });

  function containerActions({ container, from, isCurrent }: ContainerSubject): ContentAction[] {
    const target = { uuid: container.uuid, label: container.label, typeCode: container.type.code };
    const subject = { kind: "container" as const, uuid: container.uuid, label: container.label, from };
    const actions: (ContentAction | false)[] = [
      canEdit && {
        id: "createContainer",
        label: t("containers.actions.createContainer"),
        icon: <IconFolderPlus size={ICON} />,
        run: () =>
          openDialog({
            kind: "containerForm",
            target: { mode: "create", parent: { uuid: container.uuid, typeCode: container.type.code } },
          }),
      },
      canEdit &&
        !!ext.upload && {
          id: "uploadDatastream",
          label: t("containers.actions.uploadDatastream"),
          icon: <IconUpload size={ICON} />,
          run: () => openDialog({ kind: "upload", container: target }),
        },
      canEdit && {
        id: "edit",
        label: t("containers.actions.edit"),
        icon: <IconEdit size={ICON} />,
        run: () => openDialog({ kind: "containerForm", target: { mode: "edit", uuid: container.uuid } }),
      },
      starAction("container", container),
      canEdit && {
        id: "addColor",
        label: t("containers.actions.addColor"),
        icon: <IconPalette size={ICON} />,
        run: () => openDialog({ kind: "color", container: { uuid: container.uuid, color: container.color } }),
      },
      canEdit && {
        id: "rename",
        label: t("containers.actions.rename"),
        icon: <IconPencil size={ICON} />,
        run: () => openDialog({ kind: "rename", item: { kind: "container", uuid: container.uuid, label: container.label } }),
      },
      can(PERMISSIONS.contentImport) &&
        !!ext.import && {
          id: "import",
          label: t("containers.actions.import"),
          icon: <IconFileImport size={ICON} />,
          run: () => openDialog({ kind: "import", container: target }),
        },
      can(PERMISSIONS.contentExport) &&
        !!ext.export && {
          id: "export",
          label: t("containers.actions.export"),
          icon: <IconFileExport size={ICON} />,
          run: () => openDialog({ kind: "export", containers: [{ uuid: container.uuid, label: container.label }], datastreams: [] }),
        },
      canEdit && {
        id: "move",
        label: t("containers.actions.move"),
        icon: <IconArrowsMove size={ICON} />,
        run: () => openDialog({ kind: "picker", mode: "move", subject }),
      },
      canEdit && {
        id: "link",
        label: t("containers.actions.link"),
        icon: <IconLink size={ICON} />,
        run: () => openDialog({ kind: "picker", mode: "link", subject }),
      },
      {
        id: "report",
        label: t("containers.actions.report"),
        icon: <IconChartPie size={ICON} />,
        run: () => openDialog({ kind: "report", container: { uuid: container.uuid, label: container.label } }),
      },
      !!ext.printPreview && {
        id: "printPreview",
        label: t("containers.actions.printPreview"),
        icon: <IconPrinter size={ICON} />,
        run: () => openDialog({ kind: "printPreview", container: target }),
      },
      canDelete && {
        id: "remove",
        label: t("containers.actions.remove"),
        icon: <IconTrash size={ICON} />,
        color: "red",
        run: () =>
          askRemoval(
            t("containers.remove.container"),
            () => remove.mutateAsync({ item: { kind: "container", uuid: container.uuid }, from }),
            isCurrent ? () => navigate(from === ROOT ? "/containers" : containerPath(from)) : undefined,
          ),
      },
    ];
    return actions.filter((action) => action !== false);
  }

  function datastreamActions({ datastream, containerUuid }: DatastreamSubject): ContentAction[] {
    const item = { kind: "datastream" as const, uuid: datastream.uuid };
    const subject = { ...item, label: datastream.label, from: containerUuid };
    const actions: (ContentAction | false)[] = [
      !!ext.datastreamPreview && {
        id: "view",
        label: t("containers.actions.view"),
        icon: <IconEye size={ICON} />,
        run: () => navigate(datastreamPath(containerUuid, datastream.uuid)),
      },
      canEdit &&
        !!ext.datastreamEdit && {
          id: "edit",
          label: t("containers.actions.edit"),
          icon: <IconEdit size={ICON} />,
          run: () => openDialog({ kind: "datastreamEdit", datastream, containerUuid }),
        },
      starAction("datastream", datastream),
      canEdit && {
        id: "rename",
        label: t("containers.actions.rename"),
        icon: <IconPencil size={ICON} />,
        run: () => openDialog({ kind: "rename", item: { ...item, label: datastream.label } }),
      },
      {
        id: "download",
        label: t("containers.actions.download"),
        icon: <IconDownload size={ICON} />,
        run: () => download.mutate(datastream, { onError: (error) => showError(errorText(error)) }),
      },
      canEdit && {
        id: "move",
        label: t("containers.actions.move"),
        icon: <IconArrowsMove size={ICON} />,
        run: () => openDialog({ kind: "picker", mode: "move", subject }),
      },
      canEdit && {
        id: "link",
        label: t("containers.actions.link"),
        icon: <IconLink size={ICON} />,
        run: () => openDialog({ kind: "picker", mode: "link", subject }),
      },
      canDelete && {
        id: "remove",
        label: t("containers.actions.remove"),
        icon: <IconTrash size={ICON} />,
        color: "red",
        run: () =>
          askRemoval(t("common.confirmRemoval", { label: datastream.label }), () => remove.mutateAsync({ item, from: containerUuid })),
      },
    ];
    return actions.filter((action) => action !== false);
  }

  /**
   * Several items at once: move, link, star, tag, colour, publish or unpublish them (one bulk request each, answered
   * item by item), export them, or move them all to the trash.
   */
  function selectionActions(items: readonly ContentItem[], from: string): ContentAction[] {
    const nodes = (kind: ContentItem["kind"]) =>
      items.filter((entry) => entry.kind === kind).map(({ item }) => ({ uuid: item.uuid, label: item.label }));
    const subjects: BulkSubjects = { items: items.map(({ kind, item }) => ({ kind, uuid: item.uuid, label: item.label })), from };
    const labels = new Map(subjects.items.map((item) => [item.uuid, item.label]));
    const bulkItems = subjects.items.map((item) => ({
      objectType: item.kind === "container" ? ("CONTAINER" as const) : ("DATASTREAM" as const),
      objectId: item.uuid,
    }));
    const outcome = (text: string) => ({
      onSuccess: (result: Parameters<typeof showBulkOutcome>[0]) => showBulkOutcome(result, labels, text),
      onError: (error: unknown) => showError(errorText(error)),
    });
    const allStarred = items.every((entry) => entry.item.starred);
    const hasContainer = items.some((entry) => entry.kind === "container");
    const publish = (published: boolean) => bulkPublish.mutate({ items: bulkItems, published }, outcome(t("toast.updated")));
    const actions: (ContentAction | false)[] = [
      canEdit && {
        id: "move",
        label: t("containers.actions.move"),
        icon: <IconArrowsMove size={ICON} />,
        run: () => openDialog({ kind: "bulkPicker", mode: "move", subjects }),
      },
      canEdit && {
        id: "link",
        label: t("containers.actions.link"),
        icon: <IconLink size={ICON} />,
        run: () => openDialog({ kind: "bulkPicker", mode: "link", subjects }),
      },
      {
        id: "star",
        label: t(allStarred ? "containers.actions.removeStar" : "containers.actions.addStar"),
        icon: allStarred ? <IconStarOff size={ICON} /> : <IconStar size={ICON} />,
        run: () =>
          bulkStar.mutate(
            { items: bulkItems, starred: !allStarred },
            outcome(t(allStarred ? "containers.bulk.unstarred" : "containers.bulk.starred", { count: items.length })),
          ),
      },
      canEdit && {
        id: "tag",
        label: t("containers.bulk.tagAction"),
        icon: <IconTag size={ICON} />,
        run: () => openDialog({ kind: "bulkTag", subjects }),
      },
      canEdit && {
        id: "addColor",
        label: t("containers.actions.addColor"),
        icon: <IconPalette size={ICON} />,
        run: () => openDialog({ kind: "bulkColor", subjects }),
      },
      canPublish &&
        hasContainer && {
          id: "publish",
          label: t("containers.actions.publish"),
          icon: <IconWorld size={ICON} />,
          run: () => publish(true),
        },
      canPublish &&
        hasContainer && {
          id: "unpublish",
          label: t("containers.actions.unpublish"),
          icon: <IconWorldOff size={ICON} />,
          run: () => publish(false),
        },
      can(PERMISSIONS.contentExport) &&
        !!ext.export && {
          id: "export",
          label: t("containers.actions.export"),
          icon: <IconFileExport size={ICON} />,
          run: () => openDialog({ kind: "export", containers: nodes("container"), datastreams: nodes("datastream") }),
        },
      canDelete && {
        id: "remove",
        label: t("containers.actions.remove"),
        icon: <IconTrash size={ICON} />,
        color: "red",
        run: () =>
          confirmTrash(
            t("containers.remove.title"),
            t("containers.remove.several", { count: items.length }),
            t("containers.remove.confirm"),
            t("common.cancel"),
            () => removeMany.mutate({ items: subjects.items, from }, outcome(t("containers.toasts.removed"))),
          ),
      },
    ];
    return actions.filter((action) => action !== false);
  }

  /** What the top level offers besides creating: importing into it. */
  function rootActions(): ContentAction[] {
    if (!can(PERMISSIONS.contentImport) || !ext.import) return [];
    return [
      {
        id: "import",
        label: t("containers.actions.import"),
        icon: <IconFileImport size={ICON} />,
        run: () => openDialog({ kind: "import", container: null }),
      },
    ];
  }

  /** The actions of one listed item, or of the whole selection when it holds several items including this one. */
  function itemActions(entry: ContentItem, folder: string, selection: readonly ContentItem[]): ContentAction[] {
    if (selection.length > 1) return selectionActions(selection, folder);
    if (entry.kind === "container") return containerActions({ container: entry.item, from: folder, isCurrent: false });
    return datastreamActions({ datastream: entry.item, containerUuid: folder });
  }

  return { containerActions, datastreamActions, selectionActions, itemActions, rootActions, canEdit };
}
