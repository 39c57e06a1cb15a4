// The three tabs of the group editor over one form; Save writes all of them (spec 2 "Groups").
import { Tabs } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { Group } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EditorForm } from "../../components/editor-form.tsx";
import { toastSaved } from "../../components/toast.ts";
import { useDeleteGroup, useSaveGroup } from "./api.ts";
import { GroupInfoTab } from "./group-info-tab.tsx";
import { GroupMembersTab } from "./group-members-tab.tsx";
import { GroupPermissionsTab } from "./group-permissions-tab.tsx";
import { type GroupFormValues, groupFormValues, toGroupCreateBody, toGroupUpdateBody } from "./group-values.ts";

type Props = { group: Group | null; canEdit: boolean; onCreated: (group: Group) => void; onDeleted: () => void };
type Tab = "info" | "members" | "permissions";

export function GroupEditor({ group, canEdit, onCreated, onDeleted }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>("info");
  const save = useSaveGroup();
  const remove = useDeleteGroup();
  const form = useForm<GroupFormValues>({
    initialValues: groupFormValues(group),
    validate: { name: (value) => (value.trim() ? null : t("common.required")) },
  });

  const submit = form.onSubmit(
    (values) => {
      const request = group ? { key: group.id, body: toGroupUpdateBody(group.id, values) } : { key: null, body: toGroupCreateBody(values) };
      save.mutate(
        request,
        toastSaved(!group, (saved) => {
          if (!group) onCreated(saved);
        }),
      );
    },
    // The only checked field lives on the first tab; show it.
    () => setTab("info"),
  );

  return (
    <EditorForm
      onSubmit={submit}
      canEdit={canEdit}
      save={save}
      removal={group && { label: group.name, key: group.id, mutation: remove, onDeleted }}
    >
      <Tabs value={tab} onChange={(value) => setTab(value === "members" || value === "permissions" ? value : "info")}>
        <Tabs.List mb="md">
          <Tabs.Tab value="info">{t("groups.tabs.info")}</Tabs.Tab>
          <Tabs.Tab value="members">{t("groups.tabs.members")}</Tabs.Tab>
          <Tabs.Tab value="permissions" disabled={!group}>
            {t("groups.tabs.permissions")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          <GroupInfoTab form={form} />
        </Tabs.Panel>
        <Tabs.Panel value="members">
          <GroupMembersTab members={form.values.users} onChange={(users) => form.setFieldValue("users", users)} />
        </Tabs.Panel>
        <Tabs.Panel value="permissions">
          <GroupPermissionsTab codes={form.values.iamPermissions} onChange={(codes) => form.setFieldValue("iamPermissions", codes)} />
        </Tabs.Panel>
      </Tabs>
    </EditorForm>
  );
}
