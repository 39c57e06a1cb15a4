// The preview's menu (spec 1 §2): Edit, add to / remove from starred, Share (not offered yet: disabled) and Remove.
import { ActionIcon, Menu } from "@mantine/core";
import { modals } from "@mantine/modals";
import { type Datastream, PERMISSIONS } from "@repox/contracts";
import { IconDots, IconEdit, IconExternalLink, IconShare, IconStar, IconStarOff, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorText } from "../../api/errors.ts";
import { showError, showSuccess } from "../../components/toast.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { useRemove, useStar } from "../containers/api.ts";

type Props = { datastream: Datastream; containerUuid: string; onEdit: () => void; onRemoved: () => void; withPageLink: boolean };

export function FileActionsMenu({ datastream, containerUuid, onEdit, onRemoved, withPageLink }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useMyPermissions();
  const star = useStar();
  const remove = useRemove();
  const item = { kind: "datastream" as const, uuid: datastream.uuid };

  const toggleStar = () => {
    const starred = !datastream.starred;
    star.mutate(
      { item, starred },
      {
        onSuccess: () => showSuccess(t(starred ? "containers.toasts.starred" : "containers.toasts.unstarred", { label: datastream.label })),
        onError: (error) => showError(errorText(error)),
      },
    );
  };

  const askRemoval = () =>
    modals.openConfirmModal({
      title: t("containers.remove.title"),
      children: t("common.confirmRemoval", { label: datastream.label }),
      labels: { confirm: t("containers.remove.confirm"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(
          { item, from: containerUuid },
          {
            onSuccess: () => {
              showSuccess(t("containers.toasts.removed"));
              onRemoved();
            },
            onError: (error) => showError(errorText(error)),
          },
        ),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("filePreview.menu")}>
          <IconDots size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {withPageLink && (
          <Menu.Item leftSection={<IconExternalLink size={16} />} onClick={() => navigate(`/datastreams/${datastream.uuid}`)}>
            {t("filePreview.openPage")}
          </Menu.Item>
        )}
        {can(PERMISSIONS.contentEdit) && (
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={onEdit}>
            {t("containers.actions.edit")}
          </Menu.Item>
        )}
        <Menu.Item leftSection={datastream.starred ? <IconStarOff size={16} /> : <IconStar size={16} />} onClick={toggleStar}>
          {t(datastream.starred ? "containers.actions.removeStar" : "containers.actions.addStar")}
        </Menu.Item>
        <Menu.Item leftSection={<IconShare size={16} />} disabled>
          {t("filePreview.share")}
        </Menu.Item>
        {can(PERMISSIONS.contentDelete) && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={askRemoval}>
            {t("containers.actions.remove")}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
