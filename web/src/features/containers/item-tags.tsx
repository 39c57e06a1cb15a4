// The tags of a container or file as chips: a ticked chip is assigned; toggling adds or removes the tag (spec 1 §4).
import { Chip, Group, Text } from "@mantine/core";
import { LIMITS, PERMISSIONS, TAG_DEFAULT_SCOPE } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { showError } from "../../components/toast.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { useTags } from "../tags/api.ts";
import { type ItemRef, useItemTags, useToggleTag } from "./api.ts";

export function ItemTags({ item }: { item: ItemRef }) {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const catalogue = useTags({ page: 0, size: LIMITS.maxPageSize, scope: TAG_DEFAULT_SCOPE });
  const assigned = useItemTags(item);
  const toggle = useToggleTag();
  if (!catalogue.data || !assigned.data) {
    return <QueryStatus isLoading={catalogue.isLoading || assigned.isLoading} error={catalogue.error ?? assigned.error} />;
  }
  if (catalogue.data.content.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("containers.details.noTags")}
      </Text>
    );
  }
  const assignedIds = new Set(assigned.data.map((tag) => tag.id));
  return (
    <Group gap={6}>
      {catalogue.data.content.map((tag) => (
        <Chip
          key={tag.id}
          size="xs"
          color={tag.color}
          checked={assignedIds.has(tag.id)}
          disabled={!can(PERMISSIONS.contentEdit) || toggle.isPending}
          onChange={(checked) =>
            toggle.mutate({ item, tagId: tag.id, assigned: checked }, { onError: (error) => showError(errorText(error)) })
          }
        >
          {tag.name}
        </Chip>
      ))}
    </Group>
  );
}
