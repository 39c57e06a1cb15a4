// The group editor modal; `new` in the path creates. Closing returns to /settings/groups (spec 2).
import { Modal } from "@mantine/core";
import type { Group } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { QueryStatus } from "../../components/query-status.tsx";
import { useGroup } from "./api.ts";
import { GroupEditor } from "./group-editor.tsx";

type Props = { id: string; canEdit: boolean; onClose: () => void };

export function GroupDialog({ id, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isNew = id === "new";
  const group = useGroup(isNew ? null : Number(id));
  // A created group stays open under its own id, which enables the Permissions tab.
  const showCreated = (created: Group) => navigate(`/settings/groups/${created.id}`, { replace: true });

  return (
    <Modal opened onClose={onClose} title={isNew ? t("groups.createTitle") : t("groups.editTitle")} size="xl">
      {isNew || group.data ? (
        <GroupEditor
          key={group.data?.id ?? "new"}
          group={group.data ?? null}
          canEdit={canEdit}
          onCreated={showCreated}
          onDeleted={onClose}
        />
      ) : (
        <QueryStatus isLoading={group.isLoading} error={group.error} />
      )}
    </Modal>
  );
}
